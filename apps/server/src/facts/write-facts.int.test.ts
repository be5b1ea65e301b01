import type { TFactInput } from '@prosa/shared/facts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectFacts } from '../../test/helpers/collect-facts';
import { createTestDatabase } from '../../test/helpers/test-database';
import { connectDatabase, type Database } from '../platform/db';
import { headCursor } from './read-facts';
import { InvalidFactError, writeFacts } from './write-facts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const test = await createTestDatabase();
  drop = test.drop;
  database = connectDatabase(test.url, 4);
});
afterAll(async () => {
  await database.pool.end();
  await drop();
});

const updated = (attendanceId: number): TFactInput => ({
  name: 'attendance.updated',
  companyId: 1,
  attendanceId,
  actorUserId: 3,
  data: { fields: ['notes'] },
});

describe('writeFacts', () => {
  it('records the facts of a committed transaction in the given order, with their fields', async () => {
    const { db } = database;
    const cursor = await headCursor(db);
    await db.transaction(async (tx) => {
      await writeFacts(tx, [
        updated(11),
        { name: 'message.sent', companyId: 1, attendanceId: 11, data: { message_id: 99, origin: 'status' } },
        {
          name: 'attendance.closed',
          companyId: 1,
          attendanceId: 11,
          data: { status_id: 4, by: null, reason: 'status' },
        },
      ]);
    });
    const { facts } = await collectFacts(db, cursor, (f) => f.length >= 3);
    expect(facts.map((f) => f.name)).toEqual(['attendance.updated', 'message.sent', 'attendance.closed']);
    expect(facts[0]?.id).toBeLessThan(facts[1]?.id ?? 0);
    expect(facts[1]?.id).toBeLessThan(facts[2]?.id ?? 0);
    expect(new Set(facts.map((f) => f.tx)).size).toBe(1);
    expect(facts[0]).toMatchObject({
      companyId: 1,
      attendanceId: 11,
      actorUserId: 3,
      data: { fields: ['notes'] },
    });
    expect(facts[1]).toMatchObject({ actorUserId: null, data: { message_id: 99, origin: 'status' } });
  });

  it('writes nothing for a transaction that rolls back', async () => {
    const { db } = database;
    const cursor = await headCursor(db);
    await expect(
      db.transaction(async (tx) => {
        await writeFacts(tx, [updated(21), updated(22)]);
        tx.rollback();
      }),
    ).rejects.toThrow();
    // A committed fact after them: once it is read, everything before it has been.
    await db.transaction((tx) => writeFacts(tx, [updated(23)]));
    const { facts } = await collectFacts(db, cursor, (f) => f.some((x) => x.attendanceId === 23));
    expect(facts.map((f) => f.attendanceId)).toEqual([23]);
    const stored = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from domain_events where attendance_id in (21, 22)`,
    );
    expect(stored.rows[0]?.n).toBe(0);
  });

  it('refuses an unknown name or bad data, and writes none of the batch', async () => {
    const { db } = database;
    const cursor = await headCursor(db);
    const unknown = { ...updated(31), name: 'attendance.vanished' } as unknown as TFactInput;
    // Bad facts as a caller could build them from untyped data.
    const screenData = {
      ...updated(32),
      data: { fields: ['notes'], card: { name: 'Maria' } },
    } as unknown as TFactInput;
    const badId = { ...updated(33), attendanceId: -1 } as TFactInput;
    for (const bad of [unknown, screenData, badId]) {
      await expect(db.transaction((tx) => writeFacts(tx, [updated(30), bad]))).rejects.toBeInstanceOf(
        InvalidFactError,
      );
    }
    await expect(db.transaction((tx) => writeFacts(tx, [unknown]))).rejects.toThrow('attendance.vanished');
    await db.transaction((tx) => writeFacts(tx, [updated(34)]));
    const { facts } = await collectFacts(db, cursor, (f) => f.some((x) => x.attendanceId === 34));
    expect(facts.map((f) => f.attendanceId)).toEqual([34]);
  });
});
