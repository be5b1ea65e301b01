import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamptz, uniqueIndex } from './columns';
import { companies } from './companies';

// The blacklist and block suggestions (issue 18; spec 3 §3 Blocked contact, §4 Block history, §5 Block).

/**
 * A contact blocked on a channel kind (prefix: waweb, waent, sms, em, web, fa, insta, tg, …), on one channel
 * (`channel_id`) or on every channel of the kind (null). `contact` is normalized (a phone's digits with the
 * country code, an e-mail lowercased, else the channel's external id); `status` accepted = blocked, denied =
 * unblocked (the row stays for its history and for blocking again).
 */
export const blockedContacts = pgTable(
  'blocked_contacts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    prefix: text('prefix').notNull(),
    channelId: integer('channel_id'),
    contact: text('contact').notNull(),
    /** How it was typed or shown (a masked phone, the contact's name). */
    contactDisplay: text('contact_display').notNull().default(''),
    description: text('description').notNull().default(''),
    blockBy: integer('block_by'),
    suggestOperatorId: integer('suggest_operator_id'),
    status: text('status').$type<'accepted' | 'denied'>().notNull().default('accepted'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('blocked_contacts_id_uq').on(t.id),
    uniqueIndex('blocked_contacts_contact_uq').on(
      t.companyId,
      t.prefix,
      sql`coalesce(${t.channelId}, 0)`,
      t.contact,
    ),
    index('blocked_contacts_lookup_idx').on(t.companyId, t.contact).where(sql`${t.status} = 'accepted'`),
  ],
);

export type BlockedContactRow = typeof blockedContacts.$inferSelect;

/** Each block and unblock of a contact, with its reason and who did it (accepted: Bloqueio, denied: Desbloqueio). */
export const blacklistHistory = pgTable(
  'blacklist_history',
  {
    companyId: integer('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    blockedContactId: integer('blocked_contact_id').notNull(),
    type: text('type').$type<'accepted' | 'denied'>().notNull(),
    description: text('description').notNull().default(''),
    userId: integer('user_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('blacklist_history_contact_idx').on(t.companyId, t.blockedContactId, t.createdAt),
  ],
);

/**
 * An operator's suggestion to block a contact (from the chat), approved or denied by a manager with a reason
 * (pending → approved | denied; approved blocks the contact).
 */
export const blockSuggestions = pgTable(
  'block_suggestions',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    prefix: text('prefix').notNull(),
    channelId: integer('channel_id'),
    contact: text('contact').notNull(),
    contactDisplay: text('contact_display').notNull().default(''),
    attendanceId: bigint('attendance_id', { mode: 'number' }),
    operatorId: integer('operator_id').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<'pending' | 'approved' | 'denied'>().notNull().default('pending'),
    decidedBy: integer('decided_by'),
    decisionDescription: text('decision_description'),
    decidedAt: timestamptz('decided_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('block_suggestions_id_uq').on(t.id),
    index('block_suggestions_status_idx').on(t.companyId, t.status, t.createdAt),
  ],
);
