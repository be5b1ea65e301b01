import { CHANNEL_PERMISSION, channelPermission } from '@prosa/shared/channel-admin';
import { ADMIN_MSG } from '@prosa/shared/messages';
import { can } from '@prosa/shared/permissions';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { effectivePermissions } from '../permissions/repository';
import { requirePermission } from '../permissions/require-permission';

// The generic routes serve every kind, so the module permission is the one of each channel's kind (the same
// action its own routes need: /webchats web_chat, /channels/waent whatsapp), checked here rather than by the route.

/** The kinds whose channels the caller may not read: left out of every listing. */
export async function hiddenKinds(db: Db, caller: Caller): Promise<string[]> {
  const map = await effectivePermissions(db, caller.companyId, caller.userId);
  if (map === null) return [];
  return Object.entries(CHANNEL_PERMISSION)
    .filter(([, action]) => action !== undefined && !can(map, action, 'read'))
    .map(([kind]) => kind);
}

/** Refuses (403, the guard's texts) a caller whose permissions do not reach a channel of this kind. */
export async function assertKindAllowed(db: Db, caller: Caller, kind: string, level: 'read' | 'write') {
  const action = channelPermission(kind);
  if (!action) return;
  await requirePermission(
    db,
    caller,
    action,
    level,
    level === 'write' ? ADMIN_MSG.noWritePermission : undefined,
  );
}
