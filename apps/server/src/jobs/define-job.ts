import type { z } from '@prosa/shared/zod';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import type { Mailer } from '../platform/mailer';
import type { TJobData, TJobName } from './catalogue';

export type JobDeps = { db: Db; config: Config; mailer: Mailer };

// A job: its queue name, a zod payload that carries companyId, an optional cron, and a handler calling an operation.
export type JobDefinition<P extends { companyId: number | null }> = {
  name: string;
  payload: z.ZodType<P>;
  cron?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
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
