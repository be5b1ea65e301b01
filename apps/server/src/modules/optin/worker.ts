import type { DurableConsumer } from '../../facts/durable-consumer';
import type { JobDefinition } from '../../jobs/define-job';
import type { ScheduledTask } from '../../jobs/scheduler';
import type { Config } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { optinConsumer } from './optout-consumer';

// What the workers run for this module (jobs/registry.ts spreads these): pg-boss jobs, recurring tasks, fact
// consumers. Opt-in needs only its fact consumer (subscribers from inbound messages, opt-out and opt-in words).

// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type
export const optinJobs: JobDefinition<any>[] = [];

export function optinTasks(_config: Config): ScheduledTask<AppDeps>[] {
  return [];
}

export function optinConsumers(deps: AppDeps, log?: (msg: string, err?: unknown) => void): DurableConsumer[] {
  return [optinConsumer(deps, log)];
}
