import type { JobDefinition } from '../../jobs/define-job';
import type { ScheduledTask } from '../../jobs/scheduler';
import type { Config } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { runBatchCloseJob } from './jobs/run-batch-close';
import { resumeQueues } from './resume-queues';

// What the workers run for this module (jobs/registry.ts spreads these): pg-boss jobs and recurring tasks.

// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type
export const batchCloseJobs: JobDefinition<any>[] = [runBatchCloseJob];

export function batchCloseTasks(_config: Config): ScheduledTask<AppDeps>[] {
  // A queue whose job was lost or whose runner died is picked up again.
  return [{ name: 'batch-close.resume', everyMs: 30_000, run: (deps) => resumeQueues(deps) }];
}
