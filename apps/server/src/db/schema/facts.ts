import type { TTransferReason } from '@prosa/shared/facts';
import { sql } from 'drizzle-orm';
import { bigserial, customType, foreignKey } from 'drizzle-orm/pg-core';
import { attendances } from './attendance';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamptz } from './columns';

/** A 64-bit transaction id (never wraps), read as text: compare it in SQL, not in JS. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

// The outbox of facts (catalogue in packages/shared/src/facts.ts). The migration makes it a table partitioned
// by day on created_at, with a DEFAULT partition; drizzle only knows its columns.
// tx is the writing transaction: readers take the facts of the transactions a new snapshot sees and their
// previous one did not, so none that commits late is passed (facts/read-facts.ts).
export const domainEvents = pgTable(
  'domain_events',
  {
    // A sequence, not an identity: PostgreSQL 15 refuses identity columns on partitioned tables.
    id: bigserial('id', { mode: 'number' }).notNull(),
    tx: xid8('tx').notNull().default(sql`pg_current_xact_id()`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    companyId: integer('company_id').notNull(),
    name: text('name').notNull(),
    attendanceId: bigint('attendance_id', { mode: 'number' }),
    actorUserId: integer('actor_user_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.createdAt, t.id] }), index('domain_events_tx_idx').on(t.tx, t.id)],
);

// Where each durable consumer is (facts/read-facts.ts, TFactCursor): it has processed the facts of every
// transaction `snapshot` (a pg_snapshot as text) sees and no other; `floor` bounds the partitions its next read
// looks at. The page_* columns are set while a read cut by its batch size continues: the snapshot it reads up
// to, that snapshot's floor, and the last fact processed.
export const factConsumers = pgTable('fact_consumers', {
  name: text('name').primaryKey(),
  snapshot: text('snapshot').notNull(),
  floor: timestamptz('floor').notNull(),
  pageSnapshot: text('page_snapshot'),
  pageFloor: timestamptz('page_floor'),
  pageTx: xid8('page_tx'),
  pageId: bigint('page_id', { mode: 'number' }),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

// Every change of an attendance's sector or operator, with who did it and why (the attendance-flow report).
export const attendanceTransfers = pgTable(
  'attendance_transfers',
  {
    companyId: integer('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    attendanceId: bigint('attendance_id', { mode: 'number' }).notNull(),
    at: timestamptz('at').notNull().defaultNow(),
    fromSectorId: integer('from_sector_id'),
    toSectorId: integer('to_sector_id').notNull(),
    fromOperatorId: integer('from_operator_id'),
    toOperatorId: integer('to_operator_id'),
    byUserId: integer('by_user_id'),
    reason: text('reason').$type<TTransferReason>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'attendance_transfers_attendance_fk',
      columns: [t.companyId, t.attendanceId],
      foreignColumns: [attendances.companyId, attendances.id],
    }),
    index('attendance_transfers_attendance_idx').on(t.companyId, t.attendanceId, t.at),
    index('attendance_transfers_at_idx').on(t.companyId, t.at),
  ],
);
