import { sql } from 'drizzle-orm';
import {
  bigint,
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

// The auto-negotiator (issue 23; spec 3 §1, §3 Negotiator, §5 Phrases): a debt-negotiation bot over a mailing,
// run by the command processor on the chat channels of a multichannel link (and a WhatsApp number), and by the
// public hotsite /negociar/<hash>. The shapes of the jsonb columns are in packages/shared/src/negotiator.ts.

export const negotiators = pgTable(
  'negotiators',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    mailingId: integer('mailing_id').notNull(),
    multichannelId: integer('multichannel_id').notNull(),
    /** The WhatsApp channel the bot answers on (a number of the link, or an enterprise channel), if any. */
    whatsappChannelId: integer('whatsapp_channel_id'),
    /** The chat channels the command processor runs on: the link's web chat and NewChat, and the WhatsApp one. */
    channelIds: jsonb('channel_ids').$type<number[]>().notNull().default([]),
    statusValidateDocument: integer('status_validate_document').notNull(),
    statusEmittedInvoice: integer('status_emitted_invoice').notNull(),
    statusNotEmittedInvoice: integer('status_not_emitted_invoice').notNull(),
    /** Which mailing columns hold the document, the name, the debt and the offers (TNegotiatorFields). */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    /** The payment slip's beneficiary, bank account and due days (TNegotiatorSlip). */
    slip: jsonb('slip').$type<Record<string, unknown>>().notNull().default({}),
    /** The hotsite's images: { bgimage, logo_image } (stored file URLs). */
    body: jsonb('body').$type<Record<string, unknown>>().notNull().default({}),
    /** Edited phrases only ({ commandprocessor: {key: text}, hotsite: {key: text} }); the rest are the defaults. */
    phrases: jsonb('phrases').$type<Record<string, Record<string, string>>>().notNull().default({}),
    /** The public name of the hotsite: /negociar/<hash>. */
    hash: text('hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('negotiators_id_uq').on(t.id),
    uniqueIndex('negotiators_hash_uq').on(t.hash),
    index('negotiators_company_idx').on(t.companyId, t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);

export type NegotiatorRow = typeof negotiators.$inferSelect;

/**
 * One negotiation: a conversation of the command processor (attendance_id) or a hotsite visit (token). `step` is
 * where it stands (document → offers → finished); `outcome` how it ended; `slip` the issued payment slip.
 */
export const negotiations = pgTable(
  'negotiations',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    negotiatorId: integer('negotiator_id').notNull(),
    /** 'chat' | 'hotsite'. */
    source: text('source').notNull(),
    attendanceId: bigint('attendance_id', { mode: 'number' }),
    channelKind: text('channel_kind'),
    /** The hotsite visitor's secret (a random token in the page), null for chats. */
    token: text('token'),
    /** 'document' | 'offers' | 'finished'. */
    step: text('step').notNull().default('document'),
    /** Wrong or unknown documents given so far. */
    attempts: integer('attempts').notNull().default(0),
    /** The validated document (digits only) and the debtor's name from the mailing. */
    document: text('document'),
    debtorName: text('debtor_name'),
    /** The debts and offers shown (TNegotiationDebt[]), so the chosen option is what the customer saw. */
    debts: jsonb('debts').$type<unknown[]>().notNull().default([]),
    /** 'emitted' | 'declined' | 'not_found' | 'invalid_document' | 'abandoned'; null while open. */
    outcome: text('outcome'),
    /** The status applied at the end (emitted_invoice / not_emitted_invoice), or validate_document while open. */
    statusId: integer('status_id'),
    /** The issued slip (TNegotiationSlip): amount, due date, barcode, linha digitável, file. */
    slip: jsonb('slip').$type<Record<string, unknown>>(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('negotiations_id_uq').on(t.id),
    uniqueIndex('negotiations_token_uq').on(t.token),
    index('negotiations_attendance_idx').on(t.companyId, t.attendanceId),
    index('negotiations_started_idx').on(t.companyId, t.startedAt),
  ],
);

export type NegotiationRow = typeof negotiations.$inferSelect;
