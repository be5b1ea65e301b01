import { ATTENDANCE_SCHEDULED, SCHEDULE_MSG, SCHEDULE_STATUS } from '@prosa/shared/scheduling';
import { and, eq } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { schedules } from '../../db/schema/scheduling';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { updatedFact } from '../attendance/attendance-facts';
import { toCard } from '../attendance/card';
import { loadForAction } from '../attendance/load-for-action';
import { findSchedule, lockAttendance } from './repository';
import { requireScheduling } from './scheduling-settings';

/**
 * Cancels an open schedule (status 3): the attendance stops waiting (scheduled back to 0) and returns to the
 * active lists of whoever sees it. A finalized attendance's schedule can be canceled too.
 */
export async function cancelSchedule(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { scheduleId: number },
) {
  await requireScheduling(deps.db, caller.companyId);
  const current = await findSchedule(deps.db, caller.companyId, input.scheduleId);
  if (!current) throw notFound(SCHEDULE_MSG.notFound);
  await loadForAction(deps, caller, current.attendanceId, { allowClosed: true });
  const result = await deps.db.transaction(async (tx) => {
    const attendance = await lockAttendance(tx, caller.companyId, current.attendanceId);
    const [schedule] = await tx
      .update(schedules)
      .set({ status: SCHEDULE_STATUS.canceled, updatedAt: new Date() })
      .where(
        and(
          eq(schedules.companyId, caller.companyId),
          eq(schedules.id, current.id),
          eq(schedules.status, SCHEDULE_STATUS.open),
        ),
      )
      .returning();
    if (!schedule) return null;
    if (!attendance || attendance.scheduled !== ATTENDANCE_SCHEDULED.waiting) return { row: attendance };
    const [row] = await tx
      .update(attendances)
      .set({ scheduled: ATTENDANCE_SCHEDULED.none, updatedAt: new Date() })
      .where(and(eq(attendances.companyId, caller.companyId), eq(attendances.id, attendance.id)))
      .returning();
    if (row) await writeFacts(tx, [updatedFact(row, ['scheduled'], caller.userId)]);
    return { row: row ?? attendance, changed: true };
  });
  if (!result) throw badRequest(SCHEDULE_MSG.notOpen);
  if ('changed' in result && result.row && !result.row.closedAt)
    return { message: SCHEDULE_MSG.canceled, card: result.row ? toCard(result.row) : null };
}
