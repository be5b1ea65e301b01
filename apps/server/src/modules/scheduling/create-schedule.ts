import { ATT_MSG } from '@prosa/shared/attendance';
import { ERROR_CODE } from '@prosa/shared/messages';
import {
  ATTENDANCE_SCHEDULED,
  canScheduleChannel,
  returnAtError,
  SCHEDULE_MSG,
  SCHEDULE_STATUS,
} from '@prosa/shared/scheduling';
import { and, eq } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { schedules } from '../../db/schema/scheduling';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { type AttendanceRow, toCard } from '../attendance/card';
import { loadForAction } from '../attendance/load-for-action';
import { findSector } from '../sectors/repository';
import { enqueueReturn } from './enqueue-return';
import { findOpenSchedule, findScheduleView, isUniqueViolation, lockAttendance } from './repository';
import { requireScheduling } from './scheduling-settings';

/** The checks every schedule change shares: the feature on, the caller may act, the channel allows it. */
export async function schedulableAttendance(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  attendanceId: number,
): Promise<AttendanceRow> {
  await requireScheduling(deps.db, caller.companyId);
  const { attendance } = await loadForAction(deps, caller, attendanceId);
  if (!canScheduleChannel(attendance.channelKind)) throw badRequest(SCHEDULE_MSG.channelNotAllowed);
  return attendance;
}

/** The return's date (future, at most a year) and sector (one of the company's). */
export async function checkReturn(
  deps: Pick<AppDeps, 'db'>,
  companyId: number,
  input: { returnAt: Date; sectorId: number; now: Date },
) {
  const problem = returnAtError(input.returnAt, input.now);
  if (problem) throw badRequest(problem);
  const sector = await findSector(deps.db, companyId, input.sectorId);
  if (!sector) throw badRequest(SCHEDULE_MSG.sectorNotFound);
  return sector;
}

/**
 * Schedules a return (spec 1 §3, §5 Schedule): one open schedule per attendance. The attendance is marked
 * scheduled = 1 and leaves the active work (lists, queue, timers) until its return; it keeps its operator.
 */
export async function createSchedule(
  deps: Pick<AppDeps, 'db' | 'queue'>,
  caller: Caller,
  input: { attendanceId: number; returnAt: string; sectorId: number; now?: Date },
) {
  const attendance = await schedulableAttendance(deps, caller, input.attendanceId);
  const returnAt = new Date(input.returnAt);
  const sector = await checkReturn(deps, caller.companyId, {
    returnAt,
    sectorId: input.sectorId,
    now: input.now ?? new Date(),
  });
  let created: { schedule: typeof schedules.$inferSelect; row: AttendanceRow };
  try {
    created = await deps.db.transaction(async (tx) => {
      const locked = await lockAttendance(tx, caller.companyId, attendance.id);
      if (!locked) throw notFound(ATT_MSG.attendanceNotFound);
      if (locked.closedAt) throw new AppError(ERROR_CODE.conflict, ATT_MSG.alreadyClosed, 409);
      if (await findOpenSchedule(tx, caller.companyId, locked.id))
        throw badRequest(SCHEDULE_MSG.alreadyScheduled);
      const [schedule] = await tx
        .insert(schedules)
        .values({
          companyId: caller.companyId,
          attendanceId: locked.id,
          contactId: locked.contactId,
          personId: locked.personId,
          sectorId: sector.id,
          returnAt,
          status: SCHEDULE_STATUS.open,
          createdBy: caller.userId,
        })
        .returning();
      const [row] = await tx
        .update(attendances)
        .set({ scheduled: ATTENDANCE_SCHEDULED.waiting, updatedAt: new Date() })
        .where(and(eq(attendances.companyId, caller.companyId), eq(attendances.id, locked.id)))
        .returning();
      if (!schedule || !row) throw new Error('agendamento não gravado');
      await writeFacts(tx, [
        {
          companyId: caller.companyId,
          attendanceId: row.id,
          actorUserId: caller.userId,
          name: 'schedule.created',
          data: { schedule_id: schedule.id },
        },
      ]);
      return { schedule, row };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(SCHEDULE_MSG.alreadyScheduled);
    throw err;
  }
  const card = toCard(created.row);
  await enqueueReturn(deps, created.schedule);
  const view = await findScheduleView(deps.db, caller.companyId, created.schedule.id);
  if (!view) throw notFound(SCHEDULE_MSG.notFound);
  return { message: SCHEDULE_MSG.scheduled, schedule: view, card };
}
