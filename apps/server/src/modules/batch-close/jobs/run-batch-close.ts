import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { runQueue } from '../run-queue';

export const runBatchCloseJob = defineJob({
  name: 'batch-close.run',
  payload: JOB_CATALOGUE['batch-close.run'],
  retryLimit: 3,
  retryDelaySeconds: 30,
  handler: async (payload, deps) => {
    await runQueue(deps, payload);
  },
});
