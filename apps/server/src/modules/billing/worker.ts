import type { JobDefinition } from '../../jobs/define-job';
import type { ScheduledTask } from '../../jobs/scheduler';
import type { AppDeps } from '../../platform/deps';
import { issuePreviousMonth } from './issue-invoices';
import { issueInvoicesJob } from './jobs/issue-invoices';

// What the workers run for billing (jobs/registry.ts spreads these): the job issuing a month's invoices, and the
// recurring task issuing each company's previous month once it has closed. Hourly, not daily: a company's month
// turns at its own midnight, and the check of companies already invoiced is one small query each.

export const BILLING_TASK = 'billing.previous-month';

// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type
export const billingJobs: JobDefinition<any>[] = [issueInvoicesJob];

export function billingTasks(): ScheduledTask<AppDeps>[] {
  return [
    { name: BILLING_TASK, everyMs: 3_600_000, run: async (deps) => void (await issuePreviousMonth(deps)) },
  ];
}
