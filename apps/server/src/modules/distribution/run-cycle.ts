import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { autoDistConfigs, userPauses } from '../../db/schema/distribution';
import { userSectors, users } from '../../db/schema/users';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps } from '../../platform/deps';
import { handoversFacts } from '../attendance/attendance-facts';
import type { AttendanceRow } from '../attendance/card';
import { featureFlagOn } from '../feature-flags/feature-flag-state';
import { type EligibleOperator, planAssignments, type WaitingAttendance } from './plan-assignments';

export type CycleResult = { assigned: number; skipped?: 'disabled' | 'busy' };

const LOCK_NAMESPACE = 727100;

/**
 * One distribution cycle of a company, in one transaction: only one node at a time (advisory lock), the
 * eligible operators locked so that no concurrent take or transfer can push them over the limit, loads
 * recounted under the lock, the plan applied with one conditional update (only still-unassigned cards).
 */
export async function runDistributionCycle(
  deps: Pick<AppDeps, 'db'>,
  input: { companyId: number; now?: Date },
): Promise<CycleResult> {
  const now = input.now ?? new Date();
  const { companyId } = input;
  const result = await deps.db.transaction(async (tx) => {
    const lock = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, ${companyId}) as ok`,
    );
    if (!lock.rows[0]?.ok) return { assigned: [] as AttendanceRow[], skipped: 'busy' as const };
    const [config] = await tx.select().from(autoDistConfigs).where(eq(autoDistConfigs.companyId, companyId));
    // Feature flag dist_v2 off: the new (automatic) distribution does not run for the company.
    if (!config?.enabled || config.chatPerUser <= 0 || !(await featureFlagOn(tx, companyId, 'dist_v2')))
      return { assigned: [] as AttendanceRow[], skipped: 'disabled' as const };

    // Eligible: operators online, active, not paused; locked in id order (no deadlocks between cycles).
    const locked = await tx
      .select({ id: users.id, name: users.displayName, lastAssignedAt: users.lastAssignedAt })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.role, 0),
          eq(users.operatorStatus, 'online'),
          isNull(users.inactiveSince),
          sql`not exists (select 1 from ${userPauses} p where p.company_id = ${users.companyId} and p.user_id = ${users.id} and p.ended_at is null)`,
        ),
      )
      .orderBy(users.id)
      .for('update', { of: users });
    if (locked.length === 0) return { assigned: [] as AttendanceRow[] };
    const ids = locked.map((o) => o.id);
    const sectorRows = await tx
      .select({ userId: userSectors.userId, sectorId: userSectors.sectorId })
      .from(userSectors)
      .where(and(eq(userSectors.companyId, companyId), inArray(userSectors.userId, ids)));
    const loadRows = await tx
      .select({ op: attendances.operatorAssignedId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(attendances)
      .where(
        and(
          eq(attendances.companyId, companyId),
          isNull(attendances.closedAt),
          inArray(attendances.operatorAssignedId, ids),
          // Waiting for a scheduled return: not the operator's current work.
          ne(attendances.scheduled, 1),
        ),
      )
      .groupBy(attendances.operatorAssignedId);
    const load = new Map(loadRows.map((r) => [r.op, r.n]));
    const operators: EligibleOperator[] = locked.map((o) => ({
      id: o.id,
      name: o.name,
      sectorIds: sectorRows.filter((s) => s.userId === o.id).map((s) => s.sectorId),
      load: load.get(o.id) ?? 0,
      lastAssignedAt: o.lastAssignedAt?.getTime() ?? 0,
    }));
    const capacity = operators.reduce((sum, o) => sum + Math.max(0, config.chatPerUser - o.load), 0);
    const sectors = [...new Set(sectorRows.map((s) => s.sectorId))];
    if (capacity === 0 || sectors.length === 0) return { assigned: [] as AttendanceRow[] };

    const waitingRows = await tx
      .select({
        id: attendances.id,
        sectorId: attendances.sectorId,
        priority: attendances.priority,
        queuedAt: attendances.queuedAt,
        answered: attendances.answered,
        busyClient: attendances.busyClient,
      })
      .from(attendances)
      .where(
        and(
          eq(attendances.companyId, companyId),
          isNull(attendances.closedAt),
          isNull(attendances.operatorAssignedId),
          eq(attendances.auto, false),
          ne(attendances.scheduled, 1),
          inArray(attendances.sectorId, sectors),
          config.allowIfAnswered ? undefined : eq(attendances.answered, false),
          config.allowIfClientNotRespond ? undefined : eq(attendances.busyClient, false),
        ),
      )
      // Cards queued in one statement share queued_at: the id settles who is first, as the planner does.
      .orderBy(sql`${attendances.priority} desc`, attendances.queuedAt, attendances.id)
      .limit(Math.min(20_000, capacity * 4));
    const waiting: WaitingAttendance[] = waitingRows.map((w) => ({ ...w, queuedAt: w.queuedAt.getTime() }));
    const plan = planAssignments({
      waiting,
      operators,
      rules: {
        chatPerUser: config.chatPerUser,
        allowIfAnswered: config.allowIfAnswered,
        allowIfClientNotRespond: config.allowIfClientNotRespond,
      },
      now: now.getTime(),
    });
    if (plan.length === 0) return { assigned: [] as AttendanceRow[] };

    const assigned = await tx.execute<Record<string, unknown>>(sql`
      update attendances a
         set operator_assigned_id = v.op, operator_assigned_name = v.name, last_distribution = ${now}, updated_at = ${now}
        from unnest(${sql.param(plan.map((p) => p.attendanceId))}::bigint[], ${sql.param(plan.map((p) => p.operatorId))}::int[], ${sql.param(plan.map((p) => p.operatorName))}::text[]) as v(id, op, name)
       where a.company_id = ${companyId} and a.id = v.id and a.operator_assigned_id is null and a.closed_at is null
      returning a.id`);
    const assignedIds = assigned.rows.map((r) => Number(r.id));
    const done = new Set(assignedIds);
    const assignedOps = [...new Set(plan.filter((p) => done.has(p.attendanceId)).map((p) => p.operatorId))];
    if (assignedOps.length > 0) {
      await tx
        .update(users)
        .set({ lastAssignedAt: now })
        .where(and(eq(users.companyId, companyId), inArray(users.id, assignedOps)));
    }
    const rows =
      assignedIds.length > 0
        ? await tx
            .select()
            .from(attendances)
            .where(and(eq(attendances.companyId, companyId), inArray(attendances.id, assignedIds)))
        : [];
    await writeFacts(
      tx,
      await handoversFacts(
        tx,
        rows.map((row) => ({
          before: { sectorId: row.sectorId, operatorAssignedId: null },
          after: row,
          cause: { by: null, reason: 'distribution' as const },
        })),
      ),
    );
    return { assigned: rows };
  });

  await deps.db
    .update(autoDistConfigs)
    .set({ lastCycleAt: now, lastCycleAssigned: result.assigned.length })
    .where(eq(autoDistConfigs.companyId, companyId));
  return 'skipped' in result && result.skipped
    ? { assigned: 0, skipped: result.skipped }
    : { assigned: result.assigned.length };
}
