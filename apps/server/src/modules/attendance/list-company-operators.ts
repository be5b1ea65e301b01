import { ROLE } from '@prosa/shared/roles';
import { and, asc, eq, exists, inArray, isNull, lte, sql } from 'drizzle-orm';
import { userPauses } from '../../db/schema/distribution';
import { userSectors, users } from '../../db/schema/users';
import type { AppDeps, Caller } from '../../platform/deps';
import { loadViewer } from './viewer';

/**
 * The operator filter's choices (spec 1 §2 side modal "operator filter"): the company's active users at or below
 * the caller's role who work in a sector the caller sees (admins: every sector), with their state (online,
 * paused, offline).
 */
export async function listCompanyOperators(deps: Pick<AppDeps, 'db'>, caller: Caller) {
  const viewer = await loadViewer(deps.db, caller);
  const inSectors =
    caller.role >= ROLE.admin
      ? undefined
      : exists(
          deps.db
            .select({ one: sql`1` })
            .from(userSectors)
            .where(
              and(
                eq(userSectors.companyId, users.companyId),
                eq(userSectors.userId, users.id),
                inArray(userSectors.sectorId, viewer.sectorIds.length > 0 ? viewer.sectorIds : [-1]),
              ),
            ),
        );
  const paused = exists(
    deps.db
      .select({ one: sql`1` })
      .from(userPauses)
      .where(
        and(
          eq(userPauses.companyId, users.companyId),
          eq(userPauses.userId, users.id),
          isNull(userPauses.endedAt),
        ),
      ),
  );
  return deps.db
    .select({
      id: users.id,
      name: users.displayName,
      role: users.role,
      operator_status: sql<string>`case when ${paused} then 'paused' else ${users.operatorStatus} end`,
    })
    .from(users)
    .where(
      and(
        eq(users.companyId, caller.companyId),
        isNull(users.inactiveSince),
        lte(users.role, caller.role),
        inSectors,
      ),
    )
    .orderBy(asc(users.displayName));
}
