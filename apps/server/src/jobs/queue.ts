import PgBoss from 'pg-boss';
import type { JobQueue } from '../platform/job-queue';
import type { JobDefinition, JobDeps } from './define-job';

export type Queue = JobQueue;

// biome-ignore lint/suspicious/noExplicitAny: a registry of jobs with different payload types
type AnyJob = JobDefinition<any>;

/**
 * pg-boss on the same PostgreSQL. Every node can enqueue; only nodes with the worker role run handlers,
 * maintenance and cron schedules.
 */
export async function startQueue(opts: {
  url: string;
  worker: boolean;
  jobs: AnyJob[];
  /** Handed to the handlers with this queue as `queue`. */
  deps: Omit<JobDeps, 'queue'>;
  log: (msg: string, err?: unknown) => void;
}): Promise<Queue> {
  const boss = new PgBoss({
    connectionString: opts.url,
    schema: 'pgboss',
    max: 5,
    supervise: opts.worker,
    schedule: opts.worker,
    application_name: 'prosa-jobs',
  });
  boss.on('error', (err) => opts.log('pg-boss', err));
  await boss.start();
  for (const job of opts.jobs) {
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? 3,
      retryDelay: job.retryDelaySeconds ?? 10,
      retryBackoff: true,
    });
  }
  const queue: Queue = {
    boss,
    send: (job, payload, sendOpts) =>
      boss.send(job.name, job.payload.parse(payload) as object, {
        singletonKey: sendOpts?.singletonKey,
        startAfter: sendOpts?.startAfter,
      }),
    healthy: async () => {
      try {
        await boss.getQueue(opts.jobs[0]?.name ?? 'none');
        return true;
      } catch {
        return false;
      }
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5000 }),
  };
  const deps: JobDeps = { ...opts.deps, queue };
  if (opts.worker) {
    for (const job of opts.jobs) {
      for (let w = 0; w < Math.max(1, job.workers ?? 1); w++) {
        await boss.work(
          job.name,
          { pollingIntervalSeconds: 0.5, batchSize: job.batchSize ?? 1 },
          async (batch) => {
            // A batch's jobs run side by side, each to its end; one failure fails the batch, whose jobs run
            // again (a handler with batchSize > 1 must be idempotent).
            const runs = await Promise.allSettled(
              batch.map(async (item) => job.handler(job.payload.parse(item.data), deps)),
            );
            const failed = runs.find((r) => r.status === 'rejected');
            if (failed) throw failed.reason;
          },
        );
      }
      if (job.cron) await boss.schedule(job.name, job.cron, { companyId: null });
    }
    // A cron of an earlier version whose work moved (e.g. to jobs/scheduler.ts) would queue jobs no one runs.
    const crons = new Set(opts.jobs.filter((j) => j.cron).map((j) => j.name));
    for (const s of await boss.getSchedules()) if (!crons.has(s.name)) await boss.unschedule(s.name);
  }
  return queue;
}
