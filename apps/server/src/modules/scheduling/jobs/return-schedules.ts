import { z } from '@prosa/shared/zod';
import { defineJob } from '../../../jobs/define-job';
import type { AppDeps } from '../../../platform/deps';
import { returnDueSchedules } from '../return-due-schedules';

/**
 * A schedule's return at its time: enqueued with startAfter = return_at when a schedule is created or moved.
 * The ticker (ticker.ts) sweeps every due schedule too, so a lost or early job changes nothing: each return
 * is one locked, conditional change (status 1 → 2).
 */
export const returnSchedulesJob = defineJob({
  name: 'scheduling.return-due',
  payload: z.object({ companyId: z.number().nullable(), scheduleId: z.number().int().optional() }),
  handler: async (payload, deps) => {
    await returnDueSchedules(deps, {
      companyId: payload.companyId ?? undefined,
      scheduleId: payload.scheduleId,
    });
  },
});

/** Asks a worker to return this schedule at its time (best effort: the ticker covers a failed enqueue). */
export async function enqueueReturn(
  deps: Pick<AppDeps, 'queue'>,
  schedule: { companyId: number; id: number; returnAt: Date },
) {
  await deps.queue
    ?.send(
      returnSchedulesJob,
      { companyId: schedule.companyId, scheduleId: schedule.id },
      { startAfter: schedule.returnAt },
    )
    .catch(() => null);
}
