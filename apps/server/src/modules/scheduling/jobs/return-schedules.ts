import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { returnDueSchedules } from '../return-due-schedules';

/**
 * A schedule's return at its time: enqueued with startAfter = return_at when a schedule is created or moved.
 * The worker's task schedules.return (jobs/registry.ts) sweeps every due schedule too, so a lost or early job changes nothing: each return
 * is one locked, conditional change (status 1 → 2).
 */
export const returnSchedulesJob = defineJob({
  name: 'scheduling.return-due',
  payload: JOB_CATALOGUE['scheduling.return-due'],
  handler: async (payload, deps) => {
    await returnDueSchedules(deps, {
      companyId: payload.companyId ?? undefined,
      scheduleId: payload.scheduleId,
    });
  },
});
