import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { runBackgroundReport } from '../run-background-report';

// Failures end the report in Erro inside the handler; a lost job is queued again by the recurring sweep.
export const runBackgroundReportJob = defineJob({
  name: 'reports.background',
  payload: JOB_CATALOGUE['reports.background'],
  retryLimit: 0,
  handler: async (payload, deps) => {
    await runBackgroundReport(deps, payload);
  },
});
