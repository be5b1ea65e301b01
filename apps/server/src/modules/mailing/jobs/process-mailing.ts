import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { processMailing } from '../process-mailing';

/** Imports a mailing's file into its rows (modules/mailing/process-mailing.ts); a retry starts over. */
export const processMailingJob = defineJob({
  name: 'mailing.process',
  payload: JOB_CATALOGUE['mailing.process'],
  retryLimit: 2,
  retryDelaySeconds: 5,
  handler: async (payload, deps) => {
    await processMailing(deps, payload);
  },
});
