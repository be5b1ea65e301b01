import { ROLE } from '@prosa/shared/roles';
import { ATTENDANCE_SCHEDULED, SCHEDULE_STATUS } from '@prosa/shared/scheduling';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { schedules } from '../../db/schema/scheduling';
import { userSectors, users } from '../../db/schema/users';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { handoverFacts } from '../attendance/attendance-facts';
import type { AttendanceRow } from '../attendance/card';
import { requeueChanges } from '../distribution/return-to-queue';
import { requestDistribution } from '../distribution/schedule';
import { findSector } from '../sectors/repository';
import { lockAttendance, type ScheduleRow } from './repository';
import { loadSchedulingSettings } from './scheduling-settings';

const BATCH = 50;

type Returned = { before: AttendanceRow; row: AttendanceRow; queued: boolean };

/** The user who scheduled, when they can still take the attendance in that sector (active, member). */
async function schedulerIn(tx: Tx, companyId: number, userId: number, sectorId: number) {
  const [user] = await tx
    .select({ id: users.id, name: users.displayName, role: users.role })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), isNull(users.inactiveSince)))
    .limit(1);
  if (!user) return null;
  if (user.role >= ROLE.admin) return user;
  const [member] = await tx
    .select({ userId: userSectors.userId })
    .from(userSectors)
    .where(
      and(
        eq(userSectors.companyId, companyId),
        eq(userSectors.userId, userId),
        eq(userSectors.sectorId, sectorId),
      ),
    )
    .limit(1);
  return member ? user : null;
}

/** One due schedule, its attendance locked: back to the queue or to its operator, marked as a return. */
async function returnOne(tx: Tx, schedule: ScheduleRow, now: Date): Promise<Returned | null> {
  const { companyId } = schedule;
  const before = await lockAttendance(tx, companyId, schedule.attendanceId);
  if (!before || before.closedAt) {
    // Finalized meanwhile: nothing to bring back.
    await tx
      .update(schedules)
      .set({ status: SCHEDULE_STATUS.canceled, updatedAt: now })
      .where(and(eq(schedules.companyId, companyId), eq(schedules.id, schedule.id)));
    return null;
  }
  const { sendQueue } = await loadSchedulingSettings(tx, companyId);
  const sectorId = (await findSector(tx, companyId, schedule.sectorId))?.id ?? before.sectorId;
  // send_queue off: back to the one who scheduled it, if they still work in that sector; else the queue.
  const operator = sendQueue ? null : await schedulerIn(tx, companyId, schedule.createdBy, sectorId);
  const route = operator
    ? { operatorAssignedId: operator.id, operatorAssignedName: operator.name }
    : requeueChanges({ front: true, now });
  const [row] = await tx
    .update(attendances)
    .set({ ...route, sectorId, scheduled: ATTENDANCE_SCHEDULED.returned, updatedAt: now })
    .where(
      and(eq(attendances.companyId, companyId), eq(attendances.id, before.id), isNull(attendances.closedAt)),
    )
    .returning();
  await tx
    .update(schedules)
    .set({ status: SCHEDULE_STATUS.done, doneAt: now, updatedAt: now })
    .where(and(eq(schedules.companyId, companyId), eq(schedules.id, schedule.id)));
  if (!row) return null;
  await writeFacts(tx, [
    {
      companyId,
      attendanceId: row.id,
      name: 'schedule.returned',
      data: { schedule_id: schedule.id },
    },
    ...(await handoverFacts(tx, before, row, { by: null, reason: 'schedule_return' })),
  ]);
  return { before, row, queued: operator === null };
}

/**
 * Brings back every schedule due at `now` (spec 1 §3, §4): the schedule is done, the attendance moves to the
 * schedule's sector with scheduled = 2 and goes to the queue or to the operator as send_queue says. Safe on
 * any number of nodes: due schedules are claimed with FOR UPDATE SKIP LOCKED and only open ones (status 1)
 * are taken, so each returns exactly once. Events leave after commit.
 */
export async function returnDueSchedules(
  deps: Pick<AppDeps, 'db'>,
  input: { now?: Date; companyId?: number; scheduleId?: number } = {},
): Promise<{ returned: number }> {
  let returned = 0;
  for (;;) {
    const now = input.now ?? new Date();
    const batch = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(schedules)
        .where(
          and(
            eq(schedules.status, SCHEDULE_STATUS.open),
            lte(schedules.returnAt, now),
            input.companyId !== undefined ? eq(schedules.companyId, input.companyId) : undefined,
            input.scheduleId !== undefined ? eq(schedules.id, input.scheduleId) : undefined,
          ),
        )
        .orderBy(asc(schedules.returnAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const done: Returned[] = [];
      for (const schedule of due) {
        const r = await returnOne(tx, schedule, now);
        if (r) done.push(r);
      }
      return { claimed: due.length, done };
    });
    const queuedCompanies = new Set<number>();
    for (const { row, queued } of batch.done) if (queued) queuedCompanies.add(row.companyId);
    for (const companyId of queuedCompanies) await requestDistribution(deps.db, companyId);
    returned += batch.done.length;
    if (batch.claimed < BATCH) break;
  }
  return { returned };
}
