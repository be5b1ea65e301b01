import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { userSectors, users } from '../../db/schema/users';
import type { AppDeps, Caller } from '../../platform/deps';
import { loadForAction } from './load-for-action';

/**
 * Active users of the attendance's sector at or below the caller's role (spec 1 §6): the choices of the
 * operator-change modal. switchOperator refuses anyone above, too.
 */
export async function listSectorOperators(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { attendanceId: number },
) {
  const { attendance } = await loadForAction(deps, caller, input.attendanceId);
  const rows = await deps.db
    .select({
      id: users.id,
      name: users.displayName,
      role: users.role,
      operator_status: users.operatorStatus,
    })
    .from(users)
    .innerJoin(
      userSectors,
      and(
        eq(userSectors.companyId, users.companyId),
        eq(userSectors.userId, users.id),
        eq(userSectors.sectorId, attendance.sectorId),
      ),
    )
    .where(
      and(eq(users.companyId, caller.companyId), isNull(users.inactiveSince), lte(users.role, caller.role)),
    )
    .orderBy(asc(users.displayName));
  return rows;
}
