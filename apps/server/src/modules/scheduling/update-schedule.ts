import { SCHEDULE_MSG, SCHEDULE_STATUS } from '@prosa/shared/scheduling';
import { and, eq } from 'drizzle-orm';
import { schedules } from '../../db/schema/scheduling';
import { sendJob } from '../../jobs/catalogue';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { checkReturn, schedulableAttendance } from './create-schedule';
import { enqueueReturn } from './enqueue-return';
import { findSchedule, findScheduleView } from './repository';

/** Moves an open schedule to another time or sector (spec 1 §7 scheduling update). */
export async function updateSchedule(
  deps: Pick<AppDeps, 'db' | 'queue'>,
  caller: Caller,
  input: { scheduleId: number; returnAt?: string; sectorId?: number; now?: Date },
) {
  const current = await findSchedule(deps.db, caller.companyId, input.scheduleId);
  if (!current) throw notFound(SCHEDULE_MSG.notFound);
  await schedulableAttendance(deps, caller, current.attendanceId);
  if (current.status !== SCHEDULE_STATUS.open) throw badRequest(SCHEDULE_MSG.notOpen);
  const returnAt = input.returnAt !== undefined ? new Date(input.returnAt) : current.returnAt;
  const sector = await checkReturn(deps, caller.companyId, {
    returnAt,
    sectorId: input.sectorId ?? current.sectorId,
    now: input.now ?? new Date(),
  });
  const [row] = await deps.db
    .update(schedules)
    .set({ returnAt, sectorId: sector.id, updatedAt: new Date() })
    .where(
      and(
        eq(schedules.companyId, caller.companyId),
        eq(schedules.id, current.id),
        eq(schedules.status, SCHEDULE_STATUS.open),
      ),
    )
    .returning();
  // Returned or canceled between the read and the update.
  if (!row) throw badRequest(SCHEDULE_MSG.notOpen);
  if (row.returnAt.getTime() !== current.returnAt.getTime()) await enqueueReturn(deps, row);
  // A move writes no fact: the operator's Google Calendar event (issue 22) is moved by its job, asked for here.
  if (deps.queue && row.returnAt.getTime() !== current.returnAt.getTime())
    await sendJob(deps.queue, 'calendar.sync-schedule', {
      companyId: row.companyId,
      scheduleId: row.id,
    }).catch(() => null);
  const view = await findScheduleView(deps.db, caller.companyId, row.id);
  if (!view) throw notFound(SCHEDULE_MSG.notFound);
  return { message: SCHEDULE_MSG.updated, schedule: view };
}
