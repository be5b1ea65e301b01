import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-database';
import { connectDatabase, type Database } from '../platform/db';
import { createFactListener, type FactListener } from './fact-listener';
import { writeFacts } from './write-facts';

let database: Database;
let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  const test = await createTestDatabase();
  drop = test.drop;
  url = test.url;
  database = connectDatabase(test.url, 4);
});
afterAll(async () => {
  await database.pool.end();
  await drop();
});

/** Counts wakes; `next()` resolves on the first wake after it is called. */
function wakes() {
  let waiters: (() => void)[] = [];
  let count = 0;
  return {
    onWake: () => {
      count++;
      const w = waiters;
      waiters = [];
      for (const resolve of w) resolve();
    },
    next: () => new Promise<void>((resolve) => waiters.push(resolve)),
    count: () => count,
  };
}

const commitFact = () =>
  database.db.transaction((tx) =>
    writeFacts(tx, [{ name: 'company.updated', companyId: 1, data: { changed: ['status'] } }]),
  );

describe('fact listener', () => {
  let listener: FactListener | null = null;
  afterAll(() => listener?.stop());

  it('wakes at once when a transaction with facts commits, and again after its connection is lost', async () => {
    const w = wakes();
    // The poll is far beyond the test's time limit: every wake below comes from a NOTIFY or a reconnection.
    listener = createFactListener({ url, onWake: w.onWake, pollMs: 3_600_000, reconnectMs: 50 });
    await listener.ready;

    const woken = w.next();
    await commitFact();
    await woken;

    // A transaction that rolls back notifies no one: the next wake is the later commit's (count goes up by one).
    const before = w.count();
    await expect(
      database.db.transaction(async (tx) => {
        await writeFacts(tx, [{ name: 'company.updated', companyId: 1, data: { changed: ['status'] } }]);
        tx.rollback();
      }),
    ).rejects.toThrow();
    const afterCommit = w.next();
    await commitFact();
    await afterCommit;
    expect(w.count()).toBe(before + 1);

    // The server drops the listening session: the listener reconnects, wakes (facts may have been missed),
    // and hears the next commit.
    const reconnected = w.next();
    const killed = await database.db.execute<{ ok: boolean }>(
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
          where application_name = 'prosa-facts' and datname = current_database()`,
    );
    expect(killed.rows.map((r) => r.ok)).toEqual([true]);
    await reconnected;
    await expect
      .poll(async () => {
        const r = await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity
              where application_name = 'prosa-facts' and datname = current_database()`,
        );
        return r.rows[0]?.n;
      })
      .toBe(1);
    const again = w.next();
    await commitFact();
    await again;
  });

  it('stops cleanly: its connection closes and it wakes no more', async () => {
    const w = wakes();
    const stopped = createFactListener({ url, onWake: w.onWake, pollMs: 10 });
    await stopped.ready;
    await stopped.stop();
    const count = w.count();
    // A control listener polling as often: once it has heard the commit and polled twice more, the stopped
    // one would have woken too.
    const c = wakes();
    const control = createFactListener({ url, onWake: c.onWake, pollMs: 10 });
    try {
      await control.ready;
      await commitFact();
      for (let i = 0; i < 3; i++) await c.next();
      expect(w.count()).toBe(count);
    } finally {
      await control.stop();
    }
    // Only the first test's listener is still connected.
    await expect
      .poll(async () => {
        const r = await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity
              where application_name = 'prosa-facts' and datname = current_database()`,
        );
        return r.rows[0]?.n;
      })
      .toBe(1);
  });
});
