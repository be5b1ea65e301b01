import type { TFactInput } from '@prosa/shared/facts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-database';
import { connectDatabase, type Database, type Tx } from '../platform/db';
import { createDurableConsumer, type FactHandler, startDurableConsumer } from './durable-consumer';
import type { TStoredFact } from './read-facts';
import { writeFacts } from './write-facts';

let url: string;
let drop: () => Promise<void>;
// Two "nodes": separate pools, as two servers would have.
let nodeA: Database;
let nodeB: Database;

beforeAll(async () => {
  const test = await createTestDatabase();
  drop = test.drop;
  url = test.url;
  nodeA = connectDatabase(url, 4);
  nodeB = connectDatabase(url, 4);
  await nodeA.db.execute(
    sql`create table handled (consumer text, node text, fact_id bigint, attendance_id bigint)`,
  );
});
afterAll(async () => {
  await nodeA.pool.end();
  await nodeB.pool.end();
  await drop();
});

const updated = (attendanceId: number): TFactInput => ({
  name: 'attendance.updated',
  companyId: 1,
  attendanceId,
  data: { fields: ['notes'] },
});

/** A handler whose effect is a row per fact, written in the consumer's transaction. */
function recordAs(consumer: string, node: string): FactHandler {
  return async (tx: Tx, facts: TStoredFact[]) => {
    await tx.execute(sql`
      insert into handled (consumer, node, fact_id, attendance_id)
      select ${consumer}, ${node}, f.id, f.attendance_id
      from jsonb_to_recordset(${JSON.stringify(facts.map((f) => ({ id: f.id, attendance_id: f.attendanceId })))}::jsonb)
        as f(id bigint, attendance_id bigint)`);
  };
}

async function handledBy(consumer: string) {
  const r = await nodeA.db.execute<{ attendance_id: string; node: string }>(
    sql`select attendance_id, node from handled where consumer = ${consumer} order by fact_id`,
  );
  return r.rows.map((x) => ({ id: Number(x.attendance_id), node: x.node }));
}

describe('durable fact consumers', () => {
  it('two nodes with the same consumer never handle a fact twice and together handle all', async () => {
    const a = createDurableConsumer({
      db: nodeA.db,
      name: 'test.pair',
      handle: recordAs('pair', 'a'),
      batchSize: 5,
    });
    const b = createDurableConsumer({
      db: nodeB.db,
      name: 'test.pair',
      handle: recordAs('pair', 'b'),
      batchSize: 5,
    });
    await Promise.all([a.ensure(), b.ensure()]);
    const total = 300;
    let writing = true;
    // Writers commit facts in many small transactions while both nodes drain the same consumer in a loop.
    const writers = (async () => {
      const jobs = [];
      for (let i = 0; i < total; i += 3)
        jobs.push(
          nodeA.db.transaction((tx) => writeFacts(tx, [updated(i + 1), updated(i + 2), updated(i + 3)])),
        );
      await Promise.all(jobs);
      writing = false;
    })();
    const loop = async (c: typeof a) => {
      while (writing || (await handledBy('pair')).length < total) {
        const r = await c.runBatch();
        if (r.state === 'done' && r.facts === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    await Promise.all([writers, loop(a), loop(b)]);
    const handled = await handledBy('pair');
    const ids = handled.map((h) => h.id);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect([...ids].sort((x, y) => x - y)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  });

  it('a handler that fails leaves no effect and no progress, and the batch runs again in full', async () => {
    let fail = true;
    // Work registered for after the commit runs only for the batch that committed.
    const afterRuns: number[] = [];
    const record = recordAs('crash', 'a');
    const consumer = createDurableConsumer({
      db: nodeA.db,
      name: 'test.crash',
      handle: async (tx, facts, afterCommit) => {
        await record(tx, facts, afterCommit);
        afterCommit(async () => {
          afterRuns.push(facts.length);
        });
        if (fail) throw new Error('queda simulada');
      },
    });
    await consumer.ensure();
    await nodeA.db.transaction((tx) => writeFacts(tx, [updated(1001), updated(1002)]));
    await expect
      .poll(async () => {
        try {
          await consumer.runBatch();
          return 'ran';
        } catch {
          return 'failed';
        }
      })
      .toBe('failed');
    expect(await handledBy('crash')).toEqual([]);
    expect(afterRuns).toEqual([]);
    fail = false;
    await expect.poll(async () => (await consumer.drain()).facts).toBe(2);
    expect((await handledBy('crash')).map((h) => h.id)).toEqual([1001, 1002]);
    expect(afterRuns).toEqual([2]);
    expect((await consumer.drain()).facts).toBe(0);
  });

  it('a new consumer starts at the present; a started one is woken by each commit', async () => {
    // Committed before the consumer exists: a consumer created now starts past it.
    await nodeA.db.transaction((tx) => writeFacts(tx, [updated(2001)]));
    let resolveSeen: () => void = () => {};
    const seen = new Promise<void>((r) => {
      resolveSeen = r;
    });
    const ids: number[] = [];
    const consumer = createDurableConsumer({
      db: nodeB.db,
      name: 'test.live',
      handle: async (_tx, facts) => {
        ids.push(...facts.map((f) => Number(f.attendanceId)));
        if (ids.includes(2003)) resolveSeen();
      },
    });
    // A one-hour poll: only NOTIFY makes it read.
    const running = await startDurableConsumer(consumer, { url, pollMs: 3_600_000 });
    try {
      await nodeA.db.transaction((tx) => writeFacts(tx, [updated(2002), updated(2003)]));
      await seen;
      expect(ids).toEqual([2002, 2003]);
    } finally {
      await running.stop();
    }
    // The stored cursor is past the last fact handled.
    const passed = await nodeA.db.execute<{ seen: boolean }>(sql`
      select pg_visible_in_snapshot(e.tx, c.snapshot::pg_snapshot) as seen
      from fact_consumers c, domain_events e where c.name = 'test.live' and e.attendance_id = 2003`);
    expect(passed.rows.map((r) => r.seen)).toEqual([true]);
  });
});
