import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-database';
import { connectDatabase, type Database, type Db } from '../platform/db';
import { type ScheduledTask, type Scheduler, startScheduler } from './scheduler';

let url: string;
let drop: () => Promise<void>;
let a: Database;
let b: Database;
const schedulers: Scheduler[] = [];

beforeAll(async () => {
  const test = await createTestDatabase();
  url = test.url;
  drop = test.drop;
  // Two worker nodes: each its own pool (and its own LISTEN connection).
  a = connectDatabase(url, 4);
  b = connectDatabase(url, 4);
});
afterAll(async () => {
  for (const s of schedulers) await s.stop();
  await a.pool.end();
  await b.pool.end();
  await drop();
});

type Deps = { db: Db };

function start(database: Database, tasks: ScheduledTask<Deps>[]) {
  const s = startScheduler<Deps>({ db: database.db }, { url, tasks });
  schedulers.push(s);
  return s;
}

const until = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
};

type Row = {
  every_ms: number;
  next_run_ms: number;
  running_until_ms: number | null;
  last_run_ms: number | null;
  last_error: string | null;
};

/** A task's row, times as epoch milliseconds of the database clock. */
async function row(db: Db, name: string): Promise<Row | undefined> {
  const r = await db.execute<Row>(sql`
    select every_ms,
           extract(epoch from next_run_at) * 1000 as next_run_ms,
           extract(epoch from running_until) * 1000 as running_until_ms,
           extract(epoch from last_run_at) * 1000 as last_run_ms,
           last_error
      from scheduled_tasks where name = ${name}`);
  const x = r.rows[0];
  if (!x) return undefined;
  const num = (v: unknown) => (v === null ? null : Number(v));
  return {
    every_ms: Number(x.every_ms),
    next_run_ms: Number(x.next_run_ms),
    running_until_ms: num(x.running_until_ms),
    last_run_ms: num(x.last_run_ms),
    last_error: x.last_error,
  };
}

describe('scheduler', () => {
  it('two schedulers on two connections run a task once per period between them', async () => {
    const every = 150;
    const claims: number[] = [];
    let active = 0;
    let maxActive = 0;
    const task = (db: Db): ScheduledTask<Deps> => ({
      name: 'teste.periodo',
      everyMs: every,
      run: async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        // While a run holds the task no other claim happens, so last_run_at is this run's claim.
        const r = await row(db, 'teste.periodo');
        claims.push(r?.last_run_ms ?? Number.NaN);
        active--;
      },
    });
    const s1 = start(a, [task(a.db)]);
    const s2 = start(b, [task(b.db)]);
    await Promise.all([s1.ready, s2.ready]);
    expect(await until(() => claims.length >= 6)).toBe(true);

    expect(maxActive).toBe(1);
    const sorted = [...claims].sort((x, y) => x - y);
    expect(new Set(sorted).size).toBe(sorted.length);
    // Each claim comes a whole period (of the database clock) after the one before: never two in one period.
    for (let i = 1; i < sorted.length; i++) {
      expect((sorted[i] ?? 0) - (sorted[i - 1] ?? 0)).toBeGreaterThanOrEqual(every - 0.01);
    }
    await Promise.all([s1.stop(), s2.stop()]);
  });

  it('a NOTIFY on channel scheduler makes the named task run at once', async () => {
    let runs = 0;
    const s = start(a, [
      {
        name: 'teste.aviso',
        everyMs: 3_600_000,
        run: async () => {
          runs++;
        },
      },
    ]);
    await s.ready;
    // A new task is due at once; the next run would be an hour later.
    expect(await until(() => runs === 1)).toBe(true);
    expect(await until(async () => (await row(a.db, 'teste.aviso'))?.running_until_ms === null)).toBe(true);

    await b.db.execute(sql`select pg_notify('scheduler', 'teste.aviso')`);
    expect(await until(() => runs === 2)).toBe(true);
    const r = await row(a.db, 'teste.aviso');
    expect((r?.next_run_ms ?? 0) - (r?.last_run_ms ?? 0)).toBeCloseTo(3_600_000, 0);
  });

  it('takes again a run whose runner died (running_until passed), not one still held', async () => {
    // As a worker killed mid-run leaves it: next run an hour away, its lease over. And one a live worker holds.
    await a.db.execute(sql`
      insert into scheduled_tasks (name, every_ms, next_run_at, running_until, last_run_at) values
        ('teste.queda', 3600000, now() + interval '1 hour', now() - interval '1 second', now() - interval '2 seconds'),
        ('teste.ocupada', 3600000, now() - interval '1 minute', now() + interval '1 hour', now() - interval '1 minute')`);
    const before = await row(a.db, 'teste.queda');
    const runs = { queda: 0, ocupada: 0 };
    const s = start(b, [
      {
        name: 'teste.queda',
        everyMs: 3_600_000,
        run: async () => {
          runs.queda++;
        },
      },
      {
        name: 'teste.ocupada',
        everyMs: 3_600_000,
        run: async () => {
          runs.ocupada++;
        },
      },
    ]);
    await s.ready;
    expect(await until(() => runs.queda === 1)).toBe(true);
    // Both rows were looked at by the same claim: the held one stays with its runner.
    expect(runs.ocupada).toBe(0);
    expect(await until(async () => (await row(a.db, 'teste.queda'))?.running_until_ms === null)).toBe(true);
    const after = await row(a.db, 'teste.queda');
    expect(after?.last_run_ms ?? 0).toBeGreaterThan(before?.last_run_ms ?? 0);
    const held = await row(a.db, 'teste.ocupada');
    expect(held?.running_until_ms ?? 0).toBeGreaterThan(held?.next_run_ms ?? 0);
  });

  it('records an error in last_error and keeps the period; the next good run clears it', async () => {
    const every = 200;
    const seen: Row[] = [];
    const s = start(a, [
      {
        name: 'teste.erro',
        everyMs: every,
        run: async () => {
          const r = await row(a.db, 'teste.erro');
          if (r) seen.push(r);
          if (seen.length === 1) throw new Error('falha de propósito');
        },
      },
    ]);
    await s.ready;
    expect(await until(() => seen.length >= 2)).toBe(true);
    const [first, second] = seen;
    // The failed run's next one was due a period after its claim, and no sooner did the next claim come.
    expect((first?.next_run_ms ?? 0) - (first?.last_run_ms ?? 0)).toBeCloseTo(every, 0);
    expect(second?.last_run_ms ?? 0).toBeGreaterThanOrEqual((first?.next_run_ms ?? 0) - 0.01);
    expect(second?.last_error).toBe('falha de propósito');
    expect(second?.every_ms).toBe(every);
    expect(await until(async () => (await row(a.db, 'teste.erro'))?.last_error === null)).toBe(true);
  });
});
