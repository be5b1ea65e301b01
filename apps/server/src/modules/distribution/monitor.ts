import type { TMonitor } from '@prosa/shared/attendance-rules';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { autoDistConfigs, userPauses } from '../../db/schema/distribution';
import { users } from '../../db/schema/users';
import type { AppDeps, Caller } from '../../platform/deps';

const count = (cond: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);

/** The distribution monitoring dashboard (spec 3): queue counters and each operator's state and load. */
export async function distributionMonitor(deps: Pick<AppDeps, 'db'>, caller: Caller): Promise<TMonitor> {
  const a = attendances;
  const [counters] = await deps.db
    .select({
      auto: count(sql`${a.auto}`),
      attended: count(sql`${a.operatorAssignedId} is not null`),
      answeredNotAssigned: count(sql`${a.answered} and ${a.operatorAssignedId} is null`),
      notDistributed: count(sql`not ${a.answered} and ${a.operatorAssignedId} is null and not ${a.auto}`),
      sla: count(sql`not ${a.outOfSla}`),
      outOfSla: count(sql`${a.outOfSla}`),
      waitingFirstInteraction: count(sql`not ${a.answered}`),
      awaitingResponse: count(sql`${a.answered} and ${a.lastMessageSender} = 0`),
      answered: count(sql`${a.answered}`),
      busy: count(sql`${a.busyClient}`),
    })
    .from(a)
    .where(and(eq(a.companyId, caller.companyId), isNull(a.closedAt)));
  const [config] = await deps.db
    .select()
    .from(autoDistConfigs)
    .where(eq(autoDistConfigs.companyId, caller.companyId));
  const limit = config?.chatPerUser ?? 0;
  const [rows, paused, loads] = await Promise.all([
    deps.db
      .select({ userId: users.id, name: users.displayName, role: users.role, status: users.operatorStatus })
      .from(users)
      .where(and(eq(users.companyId, caller.companyId), eq(users.role, 0), isNull(users.inactiveSince)))
      .orderBy(asc(users.displayName)),
    deps.db
      .select({ userId: userPauses.userId })
      .from(userPauses)
      .where(and(eq(userPauses.companyId, caller.companyId), isNull(userPauses.endedAt))),
    deps.db
      .select({ userId: attendances.operatorAssignedId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(attendances)
      .where(
        and(
          eq(attendances.companyId, caller.companyId),
          isNull(attendances.closedAt),
          isNotNull(attendances.operatorAssignedId),
        ),
      )
      .groupBy(attendances.operatorAssignedId),
  ]);
  const pausedIds = new Set(paused.map((p) => p.userId));
  const loadOf = new Map(loads.map((l) => [l.userId, l.n]));
  const operators = rows.map((r) => {
    const total = loadOf.get(r.userId) ?? 0;
    const status: 'online' | 'offline' | 'paused' = pausedIds.has(r.userId)
      ? 'paused'
      : r.status === 'online'
        ? 'online'
        : 'offline';
    return { userId: r.userId, name: r.name, role: r.role, status, total, full: limit > 0 && total >= limit };
  });
  return {
    counters: counters ?? {
      auto: 0,
      attended: 0,
      answeredNotAssigned: 0,
      notDistributed: 0,
      sla: 0,
      outOfSla: 0,
      waitingFirstInteraction: 0,
      awaitingResponse: 0,
      answered: 0,
      busy: 0,
    },
    operators,
    totals: {
      online: operators.filter((o) => o.status === 'online').length,
      offline: operators.filter((o) => o.status === 'offline').length,
      paused: operators.filter((o) => o.status === 'paused').length,
      full: operators.filter((o) => o.full).length,
      total: operators.reduce((s, o) => s + o.total, 0),
    },
    chat_per_user: limit,
    enabled: config?.enabled ?? false,
  };
}
