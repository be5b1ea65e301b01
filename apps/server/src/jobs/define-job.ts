import type { z } from '@prosa/shared/zod';
import type { AppDeps } from '../platform/deps';
import type { TJobData, TJobName } from './catalogue';

/** What a handler may use: the app's infrastructure, with the queue it runs on (to queue a next step). */
export type JobDeps = AppDeps;

// A job: its queue name, a zod payload that carries companyId, an optional cron, and a handler calling an operation.
export type JobDefinition<P extends { companyId: number | null }> = {
  name: string;
  payload: z.ZodType<P>;
  cron?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Jobs fetched at once by each worker and run side by side (default 1: one at a time). */
  batchSize?: number;
  /**
   * Workers per node, each fetching its own batches (default 1). A batch ends when its slowest job does; several
   * workers keep fetching while one waits, so a node's throughput does not stall on batch boundaries.
   */
  workers?: number;
  handler: (payload: P, deps: JobDeps) => Promise<void>;
};

/**
 * A job bound to a name of the catalogue (jobs/catalogue.ts); its payload is that name's schema
 * (`payload: JOB_CATALOGUE[name]`), so the schema callers send with and the one the handler reads are one.
 */
export function defineJob<N extends TJobName>(
  job: JobDefinition<TJobData<N>> & { name: N },
): JobDefinition<TJobData<N>> {
  return job;
}
