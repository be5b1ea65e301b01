import type { z } from '@prosa/shared/zod';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import type { EventBus } from '../platform/events';
import type { Mailer } from '../platform/mailer';

export type JobDeps = { db: Db; config: Config; mailer: Mailer; events: EventBus };

// A job: its queue name, a zod payload that carries companyId, an optional cron, and a handler calling an operation.
export type JobDefinition<P extends { companyId: number | null }> = {
  name: string;
  payload: z.ZodType<P>;
  cron?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  handler: (payload: P, deps: JobDeps) => Promise<void>;
};

export function defineJob<P extends { companyId: number | null }>(job: JobDefinition<P>): JobDefinition<P> {
  return job;
}
