import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-database';
import { connectDatabase, type Database } from './db';
import { OWN_WAKE, onLocalWake, wakeAfterCommit } from './wake';

let database: Database;
let drop: () => Promise<void>;
// Another process's view: a session of its own listening on the channel.
let other: pg.Client;
const heard: string[] = [];

beforeAll(async () => {
  const test = await createTestDatabase();
  drop = test.drop;
  database = connectDatabase(test.url, 4);
  other = new pg.Client({ connectionString: test.url });
  await other.connect();
  other.on('notification', (n) => {
    if (n.channel === 'wake_test') heard.push(n.payload ?? '');
  });
  await other.query('LISTEN wake_test');
});
afterAll(async () => {
  await other.end();
  await database.pool.end();
  await drop();
});

describe('waking after commit', () => {
  it('wakes this process at once and the others by NOTIFY, only once the transaction has committed', async () => {
    let local = 0;
    const off = onLocalWake('wake_test', () => local++);
    try {
      heard.length = 0;
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        expect(wakeAfterCommit(tx, 'wake_test')).toBe(true);
        // Not yet: the change is not visible to anyone until the commit.
        await new Promise((r) => setTimeout(r, 50));
        expect(local).toBe(0);
        expect(heard).toEqual([]);
      });
      expect(local).toBe(1);
      await expect.poll(() => heard).toEqual([OWN_WAKE]);

      // A transaction that rolls back wakes no one.
      await expect(
        database.db.transaction(async (tx) => {
          wakeAfterCommit(tx, 'wake_test');
          tx.rollback();
        }),
      ).rejects.toThrow();
      // The pool handle has committed when it answers: it wakes at once.
      expect(wakeAfterCommit(database.db, 'wake_test')).toBe(true);
      expect(local).toBe(2);
      await expect.poll(() => heard.length).toBe(2);
    } finally {
      off();
    }
  });

  it('keeps at most one NOTIFY in flight per channel: many wakes at once make a few, never none', async () => {
    heard.length = 0;
    for (let i = 0; i < 200; i++) wakeAfterCommit(database.db, 'wake_test');
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    // Let the last one (asked while others were in flight) arrive.
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.length).toBeGreaterThanOrEqual(1);
    expect(heard.length).toBeLessThan(20);
  });

  it('refuses a channel name it would have to quote', () => {
    expect(() => wakeAfterCommit(database.db, "x'); drop table t; --")).toThrow(/canal de notificação/);
  });
});
