import { sql } from 'drizzle-orm';
import { foreignKey } from 'drizzle-orm/pg-core';
import { channels } from './channels';
import {
  bigint,
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

// Mailings, campaigns and opt-in subscribers (issue 18; spec 3 §3 Campaign, Mailing; spec 2 Opt-in).

/**
 * A mailing list (spec 3 §3 Mailing): a CSV file's header as `fields`, its `params` (field index, label, display,
 * is_key_to_channel prefixes), validity dates (YYYY-MM-DD, in the company's calendar), `priorities`. Its rows are
 * imported by a job (`processing` pending → processing → done | error, `processed_rows` of `row_count`).
 */
export const mailings = pgTable(
  'mailings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    active: boolean('active').notNull().default(true),
    fileName: text('file_name').notNull().default(''),
    /** The uploaded file in our storage (its key). */
    fileKey: text('file_key'),
    fields: jsonb('fields').$type<string[]>().notNull().default([]),
    delimiter: text('delimiter').notNull().default(';'),
    encoding: text('encoding').notNull().default('utf-8'),
    dueDateMin: text('due_date_min'),
    dueDateMax: text('due_date_max'),
    priorities: jsonb('priorities').$type<unknown[]>().notNull().default([]),
    params: jsonb('params').$type<Record<string, unknown>[]>().notNull().default([]),
    processing: text('processing')
      .$type<'pending' | 'processing' | 'done' | 'error'>()
      .notNull()
      .default('pending'),
    rowCount: integer('row_count').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    /** Rows refused by the import, with why: [{ row, message }] (the first ones). */
    rowErrors: jsonb('row_errors').$type<Record<string, unknown>[]>().notNull().default([]),
    processingError: text('processing_error'),
    createdBy: integer('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('mailings_id_uq').on(t.id),
    index('mailings_company_idx').on(t.companyId, t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);

export type MailingRow = typeof mailings.$inferSelect;

/** One row of a mailing's file: its values by column index (as in `mailings.fields`). */
export const mailingRows = pgTable(
  'mailing_rows',
  {
    companyId: integer('company_id').notNull(),
    mailingId: integer('mailing_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    rowNumber: integer('row_number').notNull(),
    values: jsonb('values').$type<string[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.mailingId, t.rowNumber] }),
    uniqueIndex('mailing_rows_id_uq').on(t.id),
    foreignKey({
      columns: [t.companyId, t.mailingId],
      foreignColumns: [mailings.companyId, mailings.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A row's key for a channel prefix (fa, em, waweb, web, sms, waent): the value of the param marked
 * is_key_to_channel for it, normalized (a phone's digits with the country code, an e-mail lowercased). Triggers
 * and campaigns find a contact's row by it.
 */
export const mailingRowKeys = pgTable(
  'mailing_row_keys',
  {
    companyId: integer('company_id').notNull(),
    mailingId: integer('mailing_id').notNull(),
    prefix: text('prefix').notNull(),
    key: text('key').notNull(),
    rowNumber: integer('row_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.mailingId, t.prefix, t.key, t.rowNumber] }),
    foreignKey({
      columns: [t.companyId, t.mailingId],
      foreignColumns: [mailings.companyId, mailings.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A campaign (spec 3 §3 Campaign): bulk messages over sms, waweb or waent from `channel_id`, to a mailing's rows or
 * to the channel's opt-in subscribers. `status` is one of spec 3 §4's campaign statuses. The engine claims its
 * contacts; `locked_at` is when a worker last held it (a stuck campaign is unlocked from the list).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    status: text('status').notNull().default('scheduled'),
    channel: text('channel').$type<'sms' | 'waweb' | 'waent'>().notNull(),
    channelId: integer('channel_id').notNull(),
    toSubscribers: boolean('to_subscribers').notNull().default(false),
    mailingId: integer('mailing_id'),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    validFrom: timestamptz('valid_from'),
    validTo: timestamptz('valid_to'),
    scheduleDate: timestamptz('schedule_date'),
    tries: integer('tries').notNull().default(1),
    useMailingFields: boolean('use_mailing_fields').notNull().default(false),
    /** { active, campaign_type, messages [{type, content}], hsm_template, mailing_columns, field, … } */
    whatsapp: jsonb('whatsapp').$type<Record<string, unknown>>().notNull().default({}),
    /** { active, broker, field, message } */
    sms: jsonb('sms').$type<Record<string, unknown>>().notNull().default({}),
    email: jsonb('email').$type<Record<string, unknown>>().notNull().default({}),
    totalContacts: integer('total_contacts').notNull().default(0),
    /** Contacts whose sending ended (any final state): percent = processed / total. */
    processedContacts: integer('processed_contacts').notNull().default(0),
    /** Why the engine holds it (a template's quality RED, the portfolio's 24 h limit), shown on the details. */
    pausedReason: text('paused_reason'),
    error: text('error'),
    lockedAt: timestamptz('locked_at'),
    unlockCount: integer('unlock_count').notNull().default(0),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    createdBy: integer('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('campaigns_id_uq').on(t.id),
    index('campaigns_company_idx').on(t.companyId, t.createdAt).where(sql`${t.deletedAt} IS NULL`),
    index('campaigns_status_idx').on(t.status).where(sql`${t.deletedAt} IS NULL`),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;

/**
 * One recipient of a campaign, once (unique by `contact_key`: a phone's digits, an e-mail). `status`: pending,
 * sending (claimed by a worker: `claimed_at`), sent, delivered, read, failure, blocked, invalid, cancelled,
 * unknown (a worker died during the provider call: resolved by the provider's status, never sent again blindly).
 */
export const campaignContacts = pgTable(
  'campaign_contacts',
  {
    companyId: integer('company_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    contactKey: text('contact_key').notNull(),
    name: text('name').notNull().default(''),
    /** The mailing row's values by column label (the template variables and personalised texts read them). */
    vars: jsonb('vars').$type<Record<string, string>>().notNull().default({}),
    status: text('status').notNull().default('pending'),
    variant: integer('variant'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamptz('claimed_at'),
    claimedBy: text('claimed_by'),
    notBefore: timestamptz('not_before'),
    sentAt: timestamptz('sent_at'),
    deliveredAt: timestamptz('delivered_at'),
    readAt: timestamptz('read_at'),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.campaignId, t.id] }),
    uniqueIndex('campaign_contacts_id_uq').on(t.id),
    uniqueIndex('campaign_contacts_key_uq').on(t.campaignId, t.contactKey),
    index('campaign_contacts_status_idx').on(t.campaignId, t.status, t.id),
    index('campaign_contacts_provider_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} IS NOT NULL`),
    foreignKey({
      columns: [t.companyId, t.campaignId],
      foreignColumns: [campaigns.companyId, campaigns.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Opt-in subscribers of a channel (spec 2 Opt-in: uid, channelable_id, channelable_type, subscriber_status): who
 * may receive campaigns "to all subscribers". `uid` is the contact's address on the channel (a phone's digits).
 * Opt-out words (SAIR, PARAR) turn a subscriber inactive at once.
 */
export const subscribers = pgTable(
  'subscribers',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    channelId: integer('channel_id').notNull(),
    uid: text('uid').notNull(),
    name: text('name').notNull().default(''),
    subscriberStatus: text('subscriber_status').$type<'active' | 'inactive'>().notNull().default('active'),
    /** How it last changed: inbound (the contact wrote), manual (a user), optout (an opt-out word). */
    source: text('source').notNull().default('inbound'),
    changedBy: integer('changed_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('subscribers_uid_uq').on(t.companyId, t.channelId, t.uid),
    index('subscribers_status_idx').on(t.companyId, t.channelId, t.subscriberStatus, t.id),
    foreignKey({
      columns: [t.companyId, t.channelId],
      foreignColumns: [channels.companyId, channels.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The business portfolio's 24-hour window of unique contacts (WhatsApp Cloud messaging limit): when each contact
 * last opened a window on a portfolio (a WABA). Counting rows newer than 24 h tells how many are used.
 */
export const portfolioContacts = pgTable(
  'portfolio_contacts',
  {
    companyId: integer('company_id').notNull(),
    portfolio: text('portfolio').notNull(),
    contactKey: text('contact_key').notNull(),
    openedAt: timestamptz('opened_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.portfolio, t.contactKey] }),
    index('portfolio_contacts_window_idx').on(t.companyId, t.portfolio, t.openedAt),
  ],
);
