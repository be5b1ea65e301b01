import { sql } from 'drizzle-orm';
import { bigserial } from 'drizzle-orm/pg-core';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamptz } from './columns';

// The inbox (channels/inbound): every provider event is committed here before the provider hears 200, one row
// per contact (ordering_key), then processed in id order per key by the worker nodes under a lease. The
// migration makes it a table partitioned by day on received_at, with a DEFAULT partition; drizzle only knows
// its columns. Rows stay until their partition drops (3 days); dead ones keep their error for inspection.
export const channelEvents = pgTable(
  'channel_events',
  {
    // A sequence, not an identity: PostgreSQL 15 refuses identity columns on partitioned tables.
    id: bigserial('id', { mode: 'number' }).notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    companyId: integer('company_id').notNull(),
    channelId: integer('channel_id').notNull(),
    // The contact the event is about (WhatsApp: its wa_id; a status: "status:" + recipient).
    orderingKey: text('ordering_key').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    // Not before this (a retry's backoff).
    availableAt: timestamptz('available_at').notNull().defaultNow(),
    // Claims so far (a claim counts one).
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamptz('lease_until'),
    processedAt: timestamptz('processed_at'),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.receivedAt, t.id] }),
    index('channel_events_available_idx').on(t.availableAt, t.id).where(sql`${t.processedAt} IS NULL`),
    index('channel_events_key_idx').on(t.channelId, t.orderingKey, t.id).where(sql`${t.processedAt} IS NULL`),
  ],
);
