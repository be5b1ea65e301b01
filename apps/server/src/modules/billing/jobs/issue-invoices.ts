import { JOB_CATALOGUE } from '../../../jobs/catalogue';
import { defineJob } from '../../../jobs/define-job';
import { issueInvoices } from '../issue-invoices';

// Idempotent per company and month (unique index), so pg-boss retries are safe.
export const issueInvoicesJob = defineJob({
  name: 'billing.issue-invoices',
  payload: JOB_CATALOGUE['billing.issue-invoices'],
  retryLimit: 3,
  retryDelaySeconds: 60,
  handler: async (payload, deps) => {
    await issueInvoices(deps, payload);
  },
});
