import type { JobDefinition } from '../../jobs/define-job';
import type { ScheduledTask } from '../../jobs/scheduler';
import type { Config } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';

// What the workers run for background reports (jobs/registry.ts spreads these): the job that generates one, and
// the recurring task of the periodic reports.

// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type
export const backgroundReportJobs: JobDefinition<any>[] = [];

export function backgroundReportTasks(_config: Config): ScheduledTask<AppDeps>[] {
  return [];
}
