import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { syncScheduleEvent } from '../sync-schedule';

/** A scheduled return's event created, moved or removed in its operator's Google Calendar, with retries. */
export const syncScheduleEventJob = defineJob({
  name: 'calendar.sync-schedule',
  payload: JOB_CATALOGUE['calendar.sync-schedule'],
  retryLimit: 5,
  retryDelaySeconds: 30,
  handler: async (payload, deps) => {
    await syncScheduleEvent(deps, payload);
  },
});
