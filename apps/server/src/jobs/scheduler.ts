import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../platform/db';

/** The NOTIFY channel of the scheduler: `pg_notify('scheduler', <task name>)` makes that task due now. */
export const SCHEDULER_CHANNEL = 'scheduler';

/** A recurring task of the worker role: run about every `everyMs`, once per period across every worker node. */
export type ScheduledTask<D> = {
  name: string;
  everyMs: number;
  run: (deps: D) => Promise<unknown>;
};

export type Scheduler = {
  /** Resolves after the first claim: LISTEN is in place and the tasks' rows exist (unless the database failed). */
  ready: Promise<void>;
  /** Waits for the runs under way (up to a few seconds), then stops; leases of runs still going simply expire. */
  stop(): Promise<void>;
};

export type SchedulerOptions<D> = {
  /** The database URL: LISTEN needs a session of its own, outside the pool. */
  url: string;
  tasks: ScheduledTask<D>[];
  /** How long a claimed run holds its task; the runner extends it every third of it while the run lasts. */
  leaseMs?: number;
  /** Longest sleep between two claims (a notification lost with a connection delays a run by at most this). */
  maxSleepMs?: number;
  log?: (msg: string, err?: unknown) => void;
};

/** Makes a task due now on every worker (inside a transaction: at its commit). Any node may call it. */
export async function notifyScheduler(db: Pick<Db, 'execute'>, task: string): Promise<void> {
  await db.execute(sql`select pg_notify(${SCHEDULER_CHANNEL}, ${task})`);
}

const MAX_ERROR_CHARS = 2000;

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.slice(0, MAX_ERROR_CHARS);
}

/**
 * One timer per worker process. Each wake claims the due rows of `scheduled_tasks` (FOR UPDATE SKIP LOCKED): a
 * claim pushes next_run_at one period on and sets running_until, so among all workers one runs each period; a
 * row whose running_until has passed (its runner died) is claimed again at once. A run's end clears
 * running_until and records its error, if any, in last_error; the period stays. `LISTEN scheduler` wakes it
 * at once: the task named by a notification becomes due now.
 */
export function startScheduler<D>(deps: D & { db: Db }, opts: SchedulerOptions<D>): Scheduler {
  const leaseMs = opts.leaseMs ?? 10_000;
  const maxSleepMs = opts.maxSleepMs ?? 5000;
  const tasks = new Map(opts.tasks.map((t) => [t.name, t]));
  const names = [...tasks.keys()];
  const db = deps.db;
  const runs = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let pumping = false;
  let again = false;
  let listener: pg.Client | null = null;
  let reconnect: NodeJS.Timeout | null = null;
  let registered = false;

  const log = (msg: string, err?: unknown) => {
    if (!stopped) opts.log?.(msg, err);
  };

  const sleep = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void pump();
    }, ms);
  };

  // Due rows of our tasks: not running and past next_run_at, or left by a runner whose lease passed.
  const claim = async () => {
    const r = await db.execute<{ name: string; claimed_at: string }>(sql`
      update scheduled_tasks t
         set next_run_at = now() + make_interval(secs => t.every_ms / 1000.0),
             running_until = now() + make_interval(secs => ${leaseMs / 1000}),
             last_run_at = now()
       where t.name in (
         select name from scheduled_tasks
          where name = any(${sql.param(names)}::text[])
            and ((running_until is null and next_run_at <= now()) or running_until <= now())
          for update skip locked)
      returning t.name, t.last_run_at::text as claimed_at`);
    return r.rows;
  };

  // Milliseconds until a row of ours may be claimed: its next run, or the lease of a run elsewhere.
  const untilNext = async () => {
    const r = await db.execute<{ ms: number | null }>(sql`
      select (extract(epoch from min(coalesce(running_until, next_run_at)) - now()) * 1000)::float8 as ms
        from scheduled_tasks where name = any(${sql.param(names)}::text[])`);
    const ms = r.rows[0]?.ms;
    return ms === null || ms === undefined ? maxSleepMs : Number(ms);
  };

  const run = async (task: ScheduledTask<D>, claimedAt: string) => {
    const mine = sql`name = ${task.name} and last_run_at = ${claimedAt}::timestamptz`;
    const heartbeat = setInterval(
      () => {
        db.execute(sql`
        update scheduled_tasks set running_until = now() + make_interval(secs => ${leaseMs / 1000})
         where ${mine} and running_until is not null`).catch((err: unknown) =>
          log(`tarefa ${task.name}: renovação falhou`, err),
        );
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    let error: string | null = null;
    try {
      await task.run(deps);
    } catch (err) {
      error = errorText(err);
      log(`tarefa ${task.name} falhou`, err);
    } finally {
      clearInterval(heartbeat);
    }
    await db
      .execute(sql`update scheduled_tasks set running_until = null, last_error = ${error} where ${mine}`)
      .catch((err: unknown) => log(`tarefa ${task.name}: fim não registrado`, err));
  };

  const pump = async (): Promise<void> => {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    let next = maxSleepMs;
    try {
      if (!registered) await register();
      do {
        again = false;
        for (const row of await claim()) {
          const task = tasks.get(row.name);
          if (!task) continue;
          const p = run(task, row.claimed_at).finally(() => {
            runs.delete(p);
            // The period may have passed, or a notification arrived, while it ran.
            void pump();
          });
          runs.add(p);
        }
        next = await untilNext();
      } while (again && !stopped);
    } catch (err) {
      log('agendador: falha ao buscar tarefas', err);
      next = maxSleepMs;
    } finally {
      pumping = false;
    }
    // Never spin on a row another worker holds locked for a moment.
    sleep(Math.min(maxSleepMs, Math.max(20, next)));
  };

  // A notification names a task: due now (if it was not already), then a claim.
  const onNotify = async (name: string | undefined) => {
    if (stopped) return;
    if (name && tasks.has(name)) {
      await db
        .execute(
          sql`update scheduled_tasks set next_run_at = now() where name = ${name} and next_run_at > now()`,
        )
        .catch((err: unknown) => log('agendador: falha ao antecipar tarefa', err));
    }
    void pump();
  };

  const listen = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: opts.url, application_name: 'prosa-scheduler' });
    listener = c;
    let failed = false;
    const fail = (err?: unknown) => {
      if (failed) return;
      failed = true;
      if (listener === c) listener = null;
      c.end().catch(() => {});
      if (stopped || reconnect) return;
      log('agendador: conexão de escuta perdida; reconectando', err);
      reconnect = setTimeout(() => {
        reconnect = null;
        void listen().then(() => pump());
      }, 1000);
    };
    c.on('error', fail);
    c.on('end', () => fail());
    c.on('notification', (n) => {
      if (n.channel === SCHEDULER_CHANNEL) void onNotify(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(SCHEDULER_CHANNEL)}`);
    } catch (err) {
      fail(err);
    }
    if (stopped) await c.end().catch(() => {});
  };

  // New tasks are due at once; a period shorter than the row's applies from now. The same period leaves the row
  // alone: a node starting while another claims must not pull the next run forward (now() here may be older
  // than that claim).
  const register = async () => {
    for (const t of opts.tasks) {
      await db.execute(sql`
        insert into scheduled_tasks (name, every_ms) values (${t.name}, ${t.everyMs})
        on conflict (name) do update set
          every_ms = excluded.every_ms,
          next_run_at = case when excluded.every_ms < scheduled_tasks.every_ms
            then least(scheduled_tasks.next_run_at, now() + make_interval(secs => excluded.every_ms / 1000.0))
            else scheduled_tasks.next_run_at end
        where scheduled_tasks.every_ms is distinct from excluded.every_ms`);
    }
    registered = true;
  };

  const ready = listen().then(() => pump());

  return {
    ready,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (reconnect) clearTimeout(reconnect);
      timer = null;
      reconnect = null;
      const c = listener;
      listener = null;
      if (c) await c.end().catch(() => {});
      await ready;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...runs]),
        new Promise<void>((resolve) => {
          grace = setTimeout(resolve, 5000);
        }),
      ]);
      clearTimeout(grace);
    },
  };
}
