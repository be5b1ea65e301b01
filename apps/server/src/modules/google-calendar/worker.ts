import type { DurableConsumer } from '../../facts/durable-consumer';
import type { JobDefinition } from '../../jobs/define-job';
import type { AppDeps } from '../../platform/deps';
import { syncScheduleEventJob } from './jobs/sync-schedule-event';
import { googleCalendarConsumer } from './schedule-consumer';

// What the workers run for Google Calendar (jobs/registry.ts spreads these): the schedule facts consumer and the
// job that syncs one schedule's event.

// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type
export const googleCalendarJobs: JobDefinition<any>[] = [syncScheduleEventJob];

export function googleCalendarConsumers(
  deps: AppDeps,
  log?: (msg: string, err?: unknown) => void,
): DurableConsumer[] {
  return [googleCalendarConsumer(deps, log)];
}
