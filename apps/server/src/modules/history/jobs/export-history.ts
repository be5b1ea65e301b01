import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { runHistoryExport } from '../export-history';

export const exportHistoryJob = defineJob({
  name: 'history.export',
  payload: JOB_CATALOGUE['history.export'],
  retryLimit: 2,
  handler: async (payload, deps) => {
    await runHistoryExport(deps, { ...payload, companyId: payload.companyId });
  },
});
