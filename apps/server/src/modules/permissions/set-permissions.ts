import { ADMIN_MSG, permissionDependencyMessage } from '@prosa/shared/messages';
import {
  ACTION_IDS,
  actionNames,
  actionOf,
  mapFromPayload,
  type TSetPermissions,
  validateMap,
} from '@prosa/shared/permissions';
import { ROLE } from '@prosa/shared/roles';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema/admin';
import { users } from '../../db/schema/users';
import { noticeCompanyUpdated } from '../../facts/notices';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { deletePermissions, replacePermissions, storedPermissions, type TTarget } from './repository';
import { requirePermission } from './require-permission';

/** The user or profile exists in the company, and the caller may manage its permissions. */
async function checkTarget(deps: AppDeps, caller: Caller, companyId: number, target: TTarget) {
  if (target.type === 'user') {
    const [user] = await deps.db
      .select({ role: users.role })
      .from(users)
      .where(ofCompany(users, companyId, eq(users.id, target.id)));
    if (!user) throw notFound();
    // Roles above the caller's are not listed to them, so they are not theirs to restrict (spec 3 §6).
    if (user.role > caller.role) throw notFound();
    if (target.id === caller.userId && caller.role < ROLE.admin) throw forbidden(ADMIN_MSG.noWritePermission);
    return;
  }
  const [profile] = await deps.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(ofCompany(profiles, companyId, eq(profiles.id, target.id)));
  if (!profile) throw notFound();
}

export async function getPermissions(deps: AppDeps, caller: Caller, companyId: number, target: TTarget) {
  await checkTarget(deps, caller, companyId, target);
  const stored = await storedPermissions(deps.db, companyId, target);
  return { restricted: stored !== null, permissions: stored ?? {} };
}

export async function setPermissions(
  deps: AppDeps,
  caller: Caller,
  companyId: number,
  input: TSetPermissions,
) {
  const target: TTarget = { type: input.type, id: input.id };
  await requirePermission(
    deps.db,
    caller,
    target.type === 'user' ? 'usuarios' : 'perfis',
    'write',
    ADMIN_MSG.noWritePermission,
  );
  await checkTarget(deps, caller, companyId, target);
  const all = [...input.permissions.read, ...input.permissions.write, ...input.permissions.remove];
  const unknown = all.find((id) => !ACTION_IDS.includes(id));
  if (unknown) throw badRequest(`Ação de módulo desconhecida: ${unknown}`);
  const map = mapFromPayload(input.permissions);
  const broken = validateMap(map);
  if (broken) {
    throw badRequest(
      permissionDependencyMessage(
        actionOf(broken.actionId)?.name ?? broken.actionId,
        actionNames(broken.missing),
      ),
    );
  }
  await deps.db.transaction((tx) => replacePermissions(tx, companyId, target, map));
  await noticeCompanyUpdated(deps.db, companyId, ['permissions']);
  return { message: ADMIN_MSG.permissionsSaved };
}

export async function clearPermissions(deps: AppDeps, caller: Caller, companyId: number, target: TTarget) {
  await requirePermission(
    deps.db,
    caller,
    target.type === 'user' ? 'usuarios' : 'perfis',
    'write',
    ADMIN_MSG.noWritePermission,
  );
  await checkTarget(deps, caller, companyId, target);
  await deletePermissions(deps.db, companyId, target);
  await noticeCompanyUpdated(deps.db, companyId, ['permissions']);
  return { message: ADMIN_MSG.permissionsCleared };
}
