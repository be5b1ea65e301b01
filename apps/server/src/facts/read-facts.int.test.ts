import type { TFactInput } from '@prosa/shared/facts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-database';
import { connectDatabase, type Database } from '../platform/db';
import { headCursor, readFactsAfter, type TFactCursor, type TStoredFact } from './read-facts';
import { writeFacts } from './write-facts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const test = await createTestDatabase();
  drop = test.drop;
  database = connectDatabase(test.url, 6);
  await database.db.execute(sql`create table scratch (n int)`);
});
afterAll(async () => {
  await database.pool.end();
  await drop();
});

const updated = (attendanceId: number): TFactInput => ({
  name: 'attendance.updated',
  companyId: 1,
  attendanceId,
  data: { fields: ['notes'] },
});

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const ids = (facts: TStoredFact[]) => facts.map((f) => Number(f.attendanceId));

/** Whether the reader of part 1 (facts below the cluster's xmin horizon only) would still hold this fact back. */
async function belowHorizon(attendanceId: number): Promise<boolean | undefined> {
  const r = await database.db.execute<{ below: boolean }>(sql`
    select tx < pg_snapshot_xmin(pg_current_snapshot()) as below from domain_events where attendance_id = ${attendanceId}`);
  return r.rows[0]?.below;
}

describe('reading facts after a cursor', () => {
  it('never skips a transaction that took the lower id and commits last, and never repeats one', async () => {
    const { db } = database;
    const start = await headCursor(db);
    const written = deferred();
    const commit = deferred();
    // A takes the lower id and stays open.
    const slow = db.transaction(async (tx) => {
      await writeFacts(tx, [updated(1)]);
      written.resolve();
      await commit.promise;
    });
    await written.promise;
    try {
      // B takes a higher id and commits first: it is read at once, without waiting for A.
      await db.transaction((tx) => writeFacts(tx, [updated(2)]));
      const between = await readFactsAfter(db, start);
      expect(ids(between.facts)).toEqual([2]);
      // An id-ordered reader would now be past A's id; this one returns A once it commits, and B not again.
      commit.resolve();
      await slow;
      const after = await readFactsAfter(db, between.cursor);
      expect(ids(after.facts)).toEqual([1]);
      expect(after.facts[0]?.id).toBeLessThan(between.facts[0]?.id ?? 0);
      expect((await readFactsAfter(db, after.cursor)).facts).toEqual([]);
    } finally {
      commit.resolve();
      await slow;
    }
  });

  it('never skips the lower id when its transaction started writing later and commits last', async () => {
    const { db } = database;
    const start = await headCursor(db);
    const bStarted = deferred();
    const aWritten = deferred();
    const aCommit = deferred();
    // B takes a transaction id first, A then takes the lower fact id, B writes its fact and commits, A last.
    const b = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_current_xact_id()`);
      bStarted.resolve();
      await aWritten.promise;
      await writeFacts(tx, [updated(4)]);
    });
    await bStarted.promise;
    const a = db.transaction(async (tx) => {
      await writeFacts(tx, [updated(3)]);
      aWritten.resolve();
      await aCommit.promise;
    });
    await b;
    try {
      // B is read while A is still open.
      const between = await readFactsAfter(db, start);
      expect(ids(between.facts)).toEqual([4]);
      aCommit.resolve();
      await a;
      const after = await readFactsAfter(db, between.cursor);
      expect(ids(after.facts)).toEqual([3]);
      // A had taken the lower id.
      expect(after.facts[0]?.id).toBeLessThan(between.facts[0]?.id ?? 0);
      expect((await readFactsAfter(db, after.cursor)).facts).toEqual([]);
    } finally {
      aCommit.resolve();
      await a;
    }
  });

  it('returns once the facts of transactions running when the cursor was taken, and none committed before', async () => {
    const { db } = database;
    await db.transaction((tx) => writeFacts(tx, [updated(9)]));
    const ready = { early: deferred(), late: deferred() };
    const headTaken = deferred();
    const commit = deferred();
    // "early" writes its fact before the cursor is taken; "late" has its transaction id then and writes after.
    const early = db.transaction(async (tx) => {
      await writeFacts(tx, [updated(10)]);
      ready.early.resolve();
      await commit.promise;
    });
    const late = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_current_xact_id()`);
      ready.late.resolve();
      await headTaken.promise;
      await writeFacts(tx, [updated(11)]);
      await commit.promise;
    });
    try {
      await Promise.all([ready.early.promise, ready.late.promise]);
      const head = await headCursor(db);
      headTaken.resolve();
      expect((await readFactsAfter(db, head)).facts).toEqual([]);
      commit.resolve();
      await Promise.all([early, late]);
      const first = await readFactsAfter(db, head);
      expect(ids(first.facts).sort()).toEqual([10, 11]);
      expect((await readFactsAfter(db, first.cursor)).facts).toEqual([]);
    } finally {
      headTaken.resolve();
      commit.resolve();
      await Promise.allSettled([early, late]);
    }
  });

  it('does not wait for a long write transaction in another database, nor for one here that writes no facts', async () => {
    const { db } = database;
    const before = await headCursor(db);
    const other = await createTestDatabase();
    const elsewhere = new pg.Client({ connectionString: other.url });
    await elsewhere.connect();
    const open = deferred();
    const release = deferred();
    try {
      // A long import in another database of the same cluster, and a long transaction here without facts.
      await elsewhere.query('begin');
      await elsewhere.query('create table long_import (n int)');
      await elsewhere.query('insert into long_import select generate_series(1, 1000)');
      const here = db.transaction(async (tx) => {
        await tx.execute(sql`insert into scratch values (1)`);
        open.resolve();
        await release.promise;
      });
      await open.promise;
      try {
        const during = await headCursor(db);
        await db.transaction((tx) => writeFacts(tx, [updated(20)]));
        // The horizon reader would hold the fact back while either transaction runs.
        expect(await belowHorizon(20)).toBe(false);
        // Read at once, by a cursor from before both transactions started and by one taken while they run.
        expect(ids((await readFactsAfter(db, before)).facts)).toEqual([20]);
        const read = await readFactsAfter(db, during);
        expect(ids(read.facts)).toEqual([20]);
        await db.transaction((tx) => writeFacts(tx, [updated(21)]));
        expect(ids((await readFactsAfter(db, read.cursor)).facts)).toEqual([21]);
      } finally {
        release.resolve();
        await here;
      }
    } finally {
      await elsewhere.query('rollback').catch(() => {});
      await elsewhere.end();
      await other.drop();
    }
  });

  it('returns later the facts its own transaction wrote after reading, once it commits', async () => {
    const { db } = database;
    const start = await headCursor(db);
    const hasId = deferred();
    const othersCommitted = deferred();
    // The reader's own transaction has an id (as a durable consumer's, holding its cursor row) when it reads.
    const own = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_current_xact_id()`);
      hasId.resolve();
      await othersCommitted.promise;
      const r = await readFactsAfter(tx, start);
      await writeFacts(tx, [updated(31)]);
      return r;
    });
    await hasId.promise;
    // A later transaction ends first, so the reader's snapshot is past the reader's own transaction id.
    await db.transaction((tx) => writeFacts(tx, [updated(30)]));
    othersCommitted.resolve();
    const inside = await own;
    expect(ids(inside.facts)).toEqual([30]);
    const after = await readFactsAfter(db, inside.cursor);
    expect(ids(after.facts)).toEqual([31]);
    expect((await readFactsAfter(db, after.cursor)).facts).toEqual([]);
  });

  it('starts a booting reader at the present and pages through 300 facts, 7 at a time, each once', async () => {
    const { db } = database;
    await db.transaction((tx) => writeFacts(tx, [updated(90)]));
    const start = await headCursor(db);
    const batch = (from: number) => Array.from({ length: 10 }, (_, i) => from + i);
    // A slow transaction with the lowest ids, committed while the reader pages.
    const slowWritten = deferred();
    const slowCommit = deferred();
    const slow = db.transaction(async (tx) => {
      await writeFacts(tx, batch(100).map(updated));
      slowWritten.resolve();
      await slowCommit.promise;
    });
    await slowWritten.promise;
    try {
      // 140 facts before the reading starts, 150 more committed between pages.
      for (let t = 1; t < 15; t++)
        await db.transaction((tx) => writeFacts(tx, batch(100 + t * 10).map(updated)));
      const seen: number[] = [];
      let cursor: TFactCursor = start;
      let paged = false;
      let t = 15;
      for (let reads = 0; reads < 200 && seen.length < 300; reads++) {
        const r = await readFactsAfter(db, cursor, 7);
        expect(r.facts.length).toBeLessThanOrEqual(7);
        if (r.cursor.page) paged = true;
        seen.push(...ids(r.facts));
        cursor = r.cursor;
        if (t < 30) {
          const from = 100 + t++ * 10;
          await db.transaction((tx) => writeFacts(tx, batch(from).map(updated)));
        }
        if (t === 22) {
          slowCommit.resolve();
          await slow;
        }
      }
      expect(paged).toBe(true);
      // Fact 90, committed before the head, is not replayed; every other fact comes once.
      expect(seen).toHaveLength(300);
      expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: 300 }, (_, i) => 100 + i));
      expect((await readFactsAfter(db, cursor, 7)).facts).toEqual([]);
    } finally {
      slowCommit.resolve();
      await slow;
    }
  });
});
