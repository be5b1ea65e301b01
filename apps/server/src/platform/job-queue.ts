import type { z } from '@prosa/shared/zod';
import type PgBoss from 'pg-boss';

/**
 * The job queue handed to operations (pg-boss on the same PostgreSQL, started by jobs/queue.ts). Operations start
 * a job by name with jobs/catalogue.ts's sendJob; this type lives here so platform/ needs nothing from jobs/.
 */
export type JobQueue = {
  boss: PgBoss;
  send: <P extends { companyId: number | null }>(
    job: { name: string; payload: z.ZodType<P> },
    payload: P,
    opts?: { singletonKey?: string; startAfter?: Date | number },
  ) => Promise<string | null>;
  healthy: () => Promise<boolean>;
  stop: () => Promise<void>;
};
