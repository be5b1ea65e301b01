import type { DurableConsumer } from '../../facts/durable-consumer';
import type { JobDefinition } from '../../jobs/define-job';
import type { AppDeps } from '../../platform/deps';
import { reportRollupsConsumer } from './consumer';
import { recomputeRollupsJob } from './jobs/recompute-rollups';

// What the workers run for the report rollups (jobs/registry.ts spreads these): the facts consumer that keeps
// report_hourly, report_daily, attendance_flows and operator_sessions up to date, and the recompute job.

// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type
export const reportRollupJobs: JobDefinition<any>[] = [recomputeRollupsJob];

export function reportRollupConsumers(
  deps: AppDeps,
  log?: (msg: string, err?: unknown) => void,
): DurableConsumer[] {
  return [reportRollupsConsumer(deps.db, log)];
}
