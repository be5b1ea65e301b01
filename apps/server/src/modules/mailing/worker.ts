import type { DurableConsumer } from '../../facts/durable-consumer';
import type { JobDefinition } from '../../jobs/define-job';
import type { ScheduledTask } from '../../jobs/scheduler';
import type { Config } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { processMailingJob } from './jobs/process-mailing';

// What the workers run for this module (jobs/registry.ts spreads these): pg-boss jobs, recurring tasks, fact
// consumers.

// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type
export const mailingJobs: JobDefinition<any>[] = [processMailingJob];

export function mailingTasks(_config: Config): ScheduledTask<AppDeps>[] {
  return [];
}

export function mailingConsumers(
  _deps: AppDeps,
  _log?: (msg: string, err?: unknown) => void,
): DurableConsumer[] {
  return [];
}
