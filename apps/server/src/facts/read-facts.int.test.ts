import type { TFactInput } from '@prosa/shared/facts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectFacts } from '../../test/helpers/collect-facts';
import { createTestDatabase } from '../../test/helpers/test-database';
import { connectDatabase, type Database } from '../platform/db';
import { headCursor, readFactsAfter, type TStoredFact } from './read-facts';
import { writeFacts } from './write-facts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const test = await createTestDatabase();
  drop = test.drop;
  database = connectDatabase(test.url, 6);
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

const ids = (facts: TStoredFact[]) => facts.map((f) => f.attendanceId);

describe('reading facts after a cursor', () => {
  it('never skips a transaction that took the lower id and commits last', async () => {
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
      // B takes a higher id and commits first.
      await db.transaction((tx) => writeFacts(tx, [updated(2)]));
      const between = await readFactsAfter(db, start);
      // An id-ordered reader would return B now and never A; this one holds B back until A ends.
      expect(ids(between.facts)).toEqual([]);
      commit.resolve();
      await slow;
      const after = await collectFacts(db, between.cursor, (f) => f.length >= 2);
      expect(ids(after.facts)).toEqual([1, 2]);
      expect(after.facts[0]?.id).toBeLessThan(after.facts[1]?.id ?? 0);
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
      // B is read (once nothing older runs) while A is still open.
      const between = await collectFacts(db, start, (f) => f.length >= 1);
      expect(ids(between.facts)).toEqual([4]);
      aCommit.resolve();
      await a;
      const after = await collectFacts(db, between.cursor, (f) => f.length >= 1);
      expect(ids(after.facts)).toEqual([3]);
      // A had taken the lower id.
      expect(after.facts[0]?.id).toBeLessThan(between.facts[0]?.id ?? 0);
    } finally {
      aCommit.resolve();
      await a;
    }
  });

  it('says when committed facts wait behind a running transaction', async () => {
    const { db } = database;
    const start = await headCursor(db);
    const open = deferred();
    const release = deferred();
    const blocker = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_current_xact_id()`);
      open.resolve();
      await release.promise;
    });
    await open.promise;
    try {
      await db.transaction((tx) => writeFacts(tx, [updated(5)]));
      const held = await readFactsAfter(db, start);
      expect(held.facts).toEqual([]);
      expect(held.heldBack).toBe(true);
      expect(held.cursor).toEqual(start);
      release.resolve();
      await blocker;
      expect(ids((await collectFacts(db, held.cursor, (f) => f.length >= 1)).facts)).toEqual([5]);
    } finally {
      release.resolve();
      await blocker;
    }
  });

  it('starts a booting reader at the present and pages through many facts in order, each once', async () => {
    const { db } = database;
    const before = await headCursor(db);
    await db.transaction((tx) => writeFacts(tx, [updated(90)]));
    // Once 90 is readable its transaction is below the horizon, so a head taken now is past it.
    await collectFacts(db, before, (f) => f.some((x) => x.attendanceId === 90));
    const start = await headCursor(db);
    const expected: number[] = [];
    for (let t = 0; t < 5; t++) {
      const batch = Array.from({ length: 7 }, (_, i) => 100 + t * 7 + i);
      expected.push(...batch);
      await db.transaction((tx) => writeFacts(tx, batch.map(updated)));
    }
    const seen: number[] = [];
    let cursor = start;
    const deadline = Date.now() + 10_000;
    while (seen.length < expected.length && Date.now() < deadline) {
      const r = await readFactsAfter(db, cursor, 4);
      expect(r.facts.length).toBeLessThanOrEqual(4);
      seen.push(...ids(r.facts).map(Number));
      cursor = r.cursor;
      if (r.facts.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Fact 90, committed before the head, is not replayed.
    expect(seen).toEqual(expected);
  });
});
