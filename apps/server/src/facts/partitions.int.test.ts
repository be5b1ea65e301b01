import type { TFactInput } from '@prosa/shared/facts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-database';
import { connectDatabase, type Database } from '../platform/db';
import { createDurableConsumer } from './durable-consumer';
import { maintainFactPartitions } from './partitions';
import { writeFacts } from './write-facts';

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

const DAY = 86_400_000;
const key = (d: Date) => `domain_events_${d.toISOString().slice(0, 10).replaceAll('-', '')}`;
const today = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
const plusDays = (n: number) => new Date(today.getTime() + n * DAY);

const updated = (attendanceId: number): TFactInput => ({
  name: 'attendance.updated',
  companyId: 1,
  attendanceId,
  data: { fields: ['notes'] },
});

async function partitions(): Promise<string[]> {
  const r = await database.db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'domain_events'::regclass order by 1`);
  return r.rows.map((x) => x.name);
}

async function whereIs(attendanceId: number): Promise<string | undefined> {
  const r = await database.db.execute<{ part: string }>(
    sql`select tableoid::regclass::text as part from domain_events where attendance_id = ${attendanceId}`,
  );
  return r.rows[0]?.part;
}

describe('domain_events partitions', () => {
  it('has a DEFAULT partition and one per day from today to 3 days ahead', async () => {
    const report = await maintainFactPartitions(database.db);
    expect(report.errors).toEqual([]);
    const names = await partitions();
    expect(names).toContain('domain_events_default');
    for (let i = 0; i <= 3; i++) expect(names).toContain(key(plusDays(i)));
  });

  it("creates a day's partition and moves into it the facts the DEFAULT partition caught", async () => {
    // A fact dated 6 days ahead (no partition yet) lands in DEFAULT.
    await database.db.execute(sql`
      insert into domain_events (company_id, name, attendance_id, data, created_at)
      values (1, 'attendance.updated', 77, '{"fields":["notes"]}', ${plusDays(6).toISOString()}::timestamptz)`);
    expect(await whereIs(77)).toBe('domain_events_default');
    const report = await maintainFactPartitions(database.db, { now: plusDays(4) });
    expect(report.errors).toEqual([]);
    expect(report.created).toEqual([key(plusDays(4)), key(plusDays(5)), key(plusDays(6)), key(plusDays(7))]);
    expect(await whereIs(77)).toBe(key(plusDays(6)));
  });

  it('drops old partitions only once every consumer has passed their facts', async () => {
    const { db } = database;
    // A fact of long ago that fell into DEFAULT, committed before the consumer exists (so it is past it).
    await db.execute(sql`
      insert into domain_events (company_id, name, attendance_id, data, created_at)
      values (1, 'attendance.updated', 89, '{"fields":["notes"]}', ${plusDays(-30).toISOString()}::timestamptz)`);
    expect(await whereIs(89)).toBe('domain_events_default');
    const consumer = createDurableConsumer({ db, name: 'test.slow', handle: async () => {} });
    await consumer.ensure();
    await db.transaction((tx) => writeFacts(tx, [updated(88)]));
    expect(await whereIs(88)).toBe(key(today));

    // Ten days later, with 7 days kept: today's partition is past retention, but the consumer has not read it.
    const later = { now: plusDays(10), retentionDays: 7 };
    const first = await maintainFactPartitions(db, later);
    expect(first.errors).toEqual([]);
    expect(first.blocked).toEqual([{ partition: key(today), consumers: ['test.slow'] }]);
    // Empty old partitions go at once, and so does the old DEFAULT fact every consumer has passed.
    expect(first.dropped).toContain(key(plusDays(1)));
    expect(first.prunedDefault).toBe(1);
    expect(await whereIs(89)).toBeUndefined();
    expect(await partitions()).toContain(key(today));
    expect(await whereIs(88)).toBe(key(today));

    // The consumer catches up; then the partition goes.
    expect((await consumer.drain()).facts).toBe(1);
    const second = await maintainFactPartitions(db, later);
    expect(second.errors).toEqual([]);
    expect(second.blocked).toEqual([]);
    expect(second.dropped).toEqual([key(today)]);
    expect(await partitions()).not.toContain(key(today));
    expect(await whereIs(88)).toBeUndefined();
    // Partitions within retention stay.
    expect(await partitions()).toContain(key(plusDays(3)));
  });
});
