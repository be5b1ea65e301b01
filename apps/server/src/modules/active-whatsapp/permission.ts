import { ROLE } from '@prosa/shared/roles';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import { activeSendPermissions } from '../../db/schema/waent';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { ofCompany } from '../../platform/tenancy';
import { findCompany } from '../companies/repository';

/** The company switch allow['whatsapp-active'] (spec 1 §6). */
export async function companyAllowsActive(db: Db, companyId: number): Promise<boolean> {
  const company = await findCompany(db, companyId);
  const allow = (company?.metadata as { allow?: Record<string, unknown> } | undefined)?.allow;
  return allow?.['whatsapp-active'] === true;
}

/** Managers and admins always may; an operator only when granted "active sending via panel". */
export async function callerMaySendActive(db: Db, caller: Caller): Promise<boolean> {
  if (caller.role >= ROLE.manager) return true;
  const [row] = await db
    .select({ enabled: activeSendPermissions.enabled })
    .from(activeSendPermissions)
    .where(
      ofCompany(activeSendPermissions, caller.companyId, eq(activeSendPermissions.userId, caller.userId)),
    );
  return row?.enabled === true;
}

/** The company's active operators with their flag (the manager's permission list). */
export async function listActivePermissions(db: Db, companyId: number) {
  return db
    .select({ user_id: users.id, name: users.displayName, enabled: activeSendPermissions.enabled })
    .from(users)
    .leftJoin(
      activeSendPermissions,
      and(eq(activeSendPermissions.companyId, users.companyId), eq(activeSendPermissions.userId, users.id)),
    )
    .where(and(eq(users.companyId, companyId), isNull(users.inactiveSince), lt(users.role, ROLE.manager)))
    .orderBy(asc(users.displayName))
    .then((rows) => rows.map((r) => ({ ...r, enabled: r.enabled === true })));
}

/** Sets many operators at once ("select all"); ids that are not operators of the company are ignored. */
export async function setActivePermissions(
  db: Db,
  companyId: number,
  list: { user_id: number; enabled: boolean }[],
) {
  const operators = new Set((await listActivePermissions(db, companyId)).map((o) => o.user_id));
  const rows = list.filter((p) => operators.has(p.user_id));
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    for (const p of rows) {
      await tx
        .insert(activeSendPermissions)
        .values({ companyId, userId: p.user_id, enabled: p.enabled })
        .onConflictDoUpdate({
          target: [activeSendPermissions.companyId, activeSendPermissions.userId],
          set: { enabled: p.enabled, updatedAt: new Date() },
        });
    }
  });
}
