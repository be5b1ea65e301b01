import type { TWawebState } from '@prosa/shared/waweb-states';
import { sql } from 'drizzle-orm';
import { foreignKey } from 'drizzle-orm/pg-core';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamptz,
  uniqueIndex,
} from './columns';
import { companies } from './companies';

export type TConnectionState = 'none' | 'starting' | 'connected' | 'disconnected' | 'error';

// Every channel of every kind (ARCHITECTURE: Channels; spec 2 §7). What is particular to a kind lives in `config`
// (checked by that kind's schema) and its secrets, sealed with the app secret, in `secrets_sealed`. `route_key` is
// the name the provider or the public page uses for the channel (a web chat's code, a WhatsApp number's
// phone_number_id): one live channel per kind and route key on the whole platform.
export const channels = pgTable(
  'channels',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    defaultSectorId: integer('default_sector_id').notNull(),
    active: boolean('active').notNull().default(true),
    routeKey: text('route_key').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    secretsSealed: jsonb('secrets_sealed').$type<Record<string, string>>().notNull().default({}),
    // Messages per second the provider accepts from this channel; null: the kind's default.
    ratePerSecond: integer('rate_per_second'),
    useTriggerFromChannelId: integer('use_trigger_from_channel_id'),
    statusMessage: text('status_message'),
    profilePicturePath: text('profile_picture_path'),
    connectionState: text('connection_state').$type<TConnectionState>().notNull().default('none'),
    connectionSince: timestamptz('connection_since'),
    connectionError: text('connection_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('channels_id_uq').on(t.id),
    uniqueIndex('channels_route_uq').on(t.kind, t.routeKey).where(sql`${t.deletedAt} IS NULL`),
    index('channels_company_kind_idx').on(t.companyId, t.kind).where(sql`${t.deletedAt} IS NULL`),
  ],
);

export type ChannelRow = typeof channels.$inferSelect;

// The send rate of each channel, shared by every node (channels/outbound/rate.ts, GCRA): `tat` is when the next
// send may go; each send moves it 1/rate on.
export const channelRate = pgTable('channel_rate', {
  channelId: integer('channel_id')
    .primaryKey()
    .references(() => channels.id, { onDelete: 'cascade' }),
  tat: timestamptz('tat').notNull(),
});

// WhatsApp Web sessions (issue 13): Baileys' credentials and Signal keys of each channel, each value sealed with
// the app secret — never in files. `kind` 'creds' holds the credentials (key_id ''); the others are Baileys' key
// types ('pre-key', 'session', 'sender-key', 'app-state-sync-key', …) by their ids.
export const wawebAuth = pgTable(
  'waweb_auth',
  {
    companyId: integer('company_id').notNull(),
    channelId: integer('channel_id').notNull(),
    kind: text('kind').notNull(),
    keyId: text('key_id').notNull(),
    sealed: text('sealed').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.kind, t.keyId] }),
    foreignKey({
      columns: [t.companyId, t.channelId],
      foreignColumns: [channels.companyId, channels.id],
    }).onDelete('cascade'),
  ],
);

// Channel servers (ROLE=channels, issue 13): each registers itself and pings; one silent for 30 s is taken as
// gone (the Monitor flags it) and its sessions go to another.
export const channelServers = pgTable('channel_servers', {
  id: text('id').primaryKey(),
  /** Where the other nodes reach its control calls (spec 2 §7: /api/start, /api/stop, …). */
  url: text('url').notNull(),
  startedAt: timestamptz('started_at').notNull().defaultNow(),
  lastPingAt: timestamptz('last_ping_at').notNull().defaultNow(),
});

// A WhatsApp Web session of a channel: whether it should run (`desired`), which channel server holds it and
// until when (a lease the holder renews; expired, another server takes it over with the same credentials), and
// what state it is in (spec 2 §4) since when, with the last QR while pairing.
export const wawebSessions = pgTable(
  'waweb_sessions',
  {
    companyId: integer('company_id').notNull(),
    channelId: integer('channel_id').primaryKey(),
    desired: text('desired').$type<'running' | 'stopped'>().notNull().default('stopped'),
    state: text('state').$type<TWawebState>().notNull().default('not-running'),
    stateSince: timestamptz('state_since').notNull().defaultNow(),
    serverId: text('server_id'),
    leaseUntil: timestamptz('lease_until'),
    qr: text('qr'),
    qrAt: timestamptz('qr_at'),
    lastError: text('last_error'),
  },
  (t) => [
    foreignKey({
      columns: [t.companyId, t.channelId],
      foreignColumns: [channels.companyId, channels.id],
    }).onDelete('cascade'),
    index('waweb_sessions_wanted_idx').on(t.leaseUntil).where(sql`${t.desired} = 'running'`),
    index('waweb_sessions_server_idx').on(t.serverId),
  ],
);

// Where a polled channel's provider stream stands (issue 15: Telegram's getUpdates offset when the product has no
// public https address for a webhook). Written in the transaction that accepts the updates into the inbox, so an
// update is neither lost nor taken twice across restarts.
export const channelPollCursors = pgTable(
  'channel_poll_cursors',
  {
    companyId: integer('company_id').notNull(),
    channelId: integer('channel_id').primaryKey(),
    /** The provider's next position (Telegram: the last update_id taken + 1). */
    cursor: text('cursor').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.companyId, t.channelId],
      foreignColumns: [channels.companyId, channels.id],
    }).onDelete('cascade'),
  ],
);
