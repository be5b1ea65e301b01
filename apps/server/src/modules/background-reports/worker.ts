import type { JobDefinition } from '../../jobs/define-job';
import type { ScheduledTask } from '../../jobs/scheduler';
import type { Config } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { runBackgroundReportJob } from './jobs/run-background-report';
import { queuePeriodicReports } from './queue-periodic-reports';
import { resumeBackgroundReports } from './resume-background-reports';

// What the workers run for background reports (jobs/registry.ts spreads these): the job that generates one, and
// the recurring tasks: lost jobs queued again, and the periodic reports of the reports settings once a day.

// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type
export const backgroundReportJobs: JobDefinition<any>[] = [runBackgroundReportJob];

export function backgroundReportTasks(_config: Config): ScheduledTask<AppDeps>[] {
  return [
    { name: 'reports.background-resume', everyMs: 30_000, run: (deps) => resumeBackgroundReports(deps) },
    { name: 'reports.periodic', everyMs: 24 * 3_600_000, run: (deps) => queuePeriodicReports(deps) },
  ];
}
