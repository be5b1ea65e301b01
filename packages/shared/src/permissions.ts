// Module permissions (spec 3 §3 Permission, §4 Permissions): each module has actions; a user or a profile gets
// read and/or write per action. The action ids are also the menu access keys the server checks.
import { zId } from './ids';
import { z } from './zod';

export {
  ACTION_IDS,
  actionOf,
  allState,
  can,
  dependentsOf,
  MODULES,
  missingRequirements,
  normalizeMap,
  type TActionId,
  type TGrant,
  type TModule,
  type TModuleAction,
  type TPermissionMap,
  type TToggleResult,
  toggleGrant,
  toggleModule,
  validateMap,
} from './permission-map';

import { ACTION_IDS, actionOf, type TPermissionMap } from './permission-map';

// Payload of "set permissions" (spec 3 §7): lists of action ids to remove, to grant read and to grant write.
export const ZSetPermissions = z.object({
  type: z.enum(['user', 'profile']),
  id: zId(),
  permissions: z.object({
    remove: z.array(z.string()).max(200),
    read: z.array(z.string()).max(200),
    write: z.array(z.string()).max(200),
  }),
});
export type TSetPermissions = z.infer<typeof ZSetPermissions>;

export function mapFromPayload(p: TSetPermissions['permissions']): TPermissionMap {
  const map: TPermissionMap = {};
  for (const id of p.read) map[id] = { read: true, write: false };
  for (const id of p.write) map[id] = { read: true, write: true };
  for (const id of p.remove) delete map[id];
  return map;
}

export function payloadFromMap(map: TPermissionMap): TSetPermissions['permissions'] {
  const read: string[] = [];
  const write: string[] = [];
  const remove: string[] = [];
  for (const id of ACTION_IDS) {
    const g = map[id];
    if (g?.write) write.push(id);
    else if (g?.read) read.push(id);
    else remove.push(id);
  }
  return { read, write, remove };
}

export function actionNames(ids: string[]): string {
  return ids.map((id) => actionOf(id)?.name ?? id).join(', ');
}

export const ZGrant = z.object({ read: z.boolean(), write: z.boolean() });
export const ZModuleAction = z.object({
  id: z.string(),
  name: z.string(),
  required_actions: z.array(z.string()),
});

/** GET /permissions/modules: every module and its actions. */
export const ZPermissionModules = z.object({
  success: z.boolean(),
  modules: z.array(z.object({ id: z.string(), name: z.string(), actions: z.array(ZModuleAction) })),
});

/** A user's or a profile's permissions; restricted false means every action is allowed. */
export const ZTargetPermissions = z.object({
  restricted: z.boolean(),
  permissions: z.record(z.string(), ZGrant),
});
