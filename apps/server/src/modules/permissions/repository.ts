import { ACTION_IDS, normalizeMap, type TPermissionMap } from '@prosa/shared/permissions';
import { ROLE } from '@prosa/shared/roles';
import { and, eq } from 'drizzle-orm';
import { modulePermissions } from '../../db/schema/admin';
import { users } from '../../db/schema/users';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

export type TTarget = { type: 'user' | 'profile'; id: number };

/** The stored grants of a user or profile, or null when none are stored (no module restrictions). */
export async function storedPermissions(db: Db | Tx, companyId: number, target: TTarget) {
  const rows = await db
    .select()
    .from(modulePermissions)
    .where(
      ofCompany(
        modulePermissions,
        companyId,
        eq(modulePermissions.targetType, target.type),
        eq(modulePermissions.targetId, target.id),
      ),
    );
  if (rows.length === 0) return null;
  const map: TPermissionMap = {};
  for (const r of rows) map[r.actionId] = { read: r.read, write: r.write };
  return map;
}

/**
 * What a user may do in the modules: admins and lords are never restricted; others use their own grants,
 * else their profile's, else none are set and nothing is restricted.
 */
export async function effectivePermissions(
  db: Db | Tx,
  companyId: number,
  userId: number,
): Promise<TPermissionMap | null> {
  const [user] = await db
    .select({ role: users.role, profileId: users.profileId })
    .from(users)
    .where(ofCompany(users, companyId, eq(users.id, userId)));
  if (!user || user.role >= ROLE.admin) return null;
  const own = await storedPermissions(db, companyId, { type: 'user', id: userId });
  if (own) return own;
  if (user.profileId) return storedPermissions(db, companyId, { type: 'profile', id: user.profileId });
  return null;
}

/** Replaces the grants of a target: every known action gets a row (false/false when removed). */
export async function replacePermissions(tx: Tx, companyId: number, target: TTarget, map: TPermissionMap) {
  const clean = normalizeMap(map);
  await deletePermissions(tx, companyId, target);
  await tx.insert(modulePermissions).values(
    ACTION_IDS.map((actionId) => ({
      companyId,
      targetType: target.type,
      targetId: target.id,
      actionId,
      read: clean[actionId]?.read ?? false,
      write: clean[actionId]?.write ?? false,
    })),
  );
}

export async function deletePermissions(db: Db | Tx, companyId: number, target: TTarget) {
  await db
    .delete(modulePermissions)
    .where(
      and(
        eq(modulePermissions.companyId, companyId),
        eq(modulePermissions.targetType, target.type),
        eq(modulePermissions.targetId, target.id),
      ),
    );
}
