import { sql } from 'drizzle-orm';
import { foreignKey, smallint } from 'drizzle-orm/pg-core';
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

// The human behind one or more channel contacts (spec 1 §3 Person). Issue 6 adds the full record.
export const persons = pgTable(
  'persons',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    editedName: text('edited_name'),
    information: jsonb('information').$type<Record<string, unknown>>().notNull().default({}),
    // Contact record fields (spec 3 §3 Person). CPF and CNPJ are stored as digits.
    cpf: text('cpf'),
    cnpj: text('cnpj'),
    rg: text('rg'),
    birthDate: text('birth_date'),
    jobTitle: text('job_title'),
    companyName: text('company_name'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    emails: jsonb('emails').$type<string[]>().notNull().default([]),
    phones: jsonb('phones').$type<{ phone: string; is_whatsapp: boolean }[]>().notNull().default([]),
    // Set when this record was merged into another: it keeps existing for old links but is no longer listed.
    mergedIntoId: integer('merged_into_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // One live record per CPF in a company ("CPF já utilizado").
    uniqueIndex('persons_cpf_uq')
      .on(t.companyId, t.cpf)
      .where(sql`${t.cpf} IS NOT NULL AND ${t.mergedIntoId} IS NULL`),
    index('persons_list_idx').on(t.companyId, t.updatedAt.desc().nullsFirst()),
  ],
);

// Who changed what on a person record, and when (spec: change log per person).
export const personChanges = pgTable(
  'person_changes',
  {
    companyId: integer('company_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    personId: integer('person_id').notNull(),
    userId: integer('user_id'),
    kind: text('kind').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.personId], foreignColumns: [persons.companyId, persons.id] }),
    index('person_changes_person_idx').on(t.companyId, t.personId, t.createdAt),
  ],
);

// A person's identity on one channel: (kind, channel id, external id) is unique per company.
export const contacts = pgTable(
  'contacts',
  {
    companyId: integer('company_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    personId: integer('person_id').notNull(),
    kind: text('kind').notNull(),
    channelId: integer('channel_id').notNull(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    // The person's WhatsApp profile picture in our storage (numbers by QR), and when WhatsApp was last asked.
    profilePicKey: text('profile_pic_key'),
    profilePicCheckedAt: timestamptz('profile_pic_checked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.personId], foreignColumns: [persons.companyId, persons.id] }),
    uniqueIndex('contacts_identity_uq').on(t.companyId, t.kind, t.channelId, t.externalId),
    index('contacts_person_idx').on(t.companyId, t.personId),
  ],
);

// One conversation from its first message to its finalization: the spec's card; closed ones are the history.
export const attendances = pgTable(
  'attendances',
  {
    companyId: integer('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    cardId: text('card_id').notNull(),
    protocol: text('protocol').notNull(),
    contactId: integer('contact_id').notNull(),
    personId: integer('person_id').notNull(),
    channelKind: text('channel_kind').notNull(),
    channelId: integer('channel_id').notNull(),
    name: text('name').notNull(),
    sectorId: integer('sector_id').notNull(),
    statusId: integer('status_id'),
    auto: boolean('auto').notNull().default(false),
    answered: boolean('answered').notNull().default(false),
    scheduled: smallint('scheduled').notNull().default(0),
    operatorAssignedId: integer('operator_assigned_id'),
    operatorAssignedName: text('operator_assigned_name'),
    busyClient: boolean('busy_client').notNull().default(false),
    outOfSla: boolean('out_of_sla').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    // Distribution queue: the priority queue first (priority_queue), then the oldest waiting.
    priority: smallint('priority').notNull().default(0),
    queuedAt: timestamptz('queued_at').notNull().defaultNow(),
    slaCount: integer('sla_count').notNull().default(0),
    // The operator answer after which the silent client was poked (time_waiting_client_to_poke_client): once per silence.
    pokedAt: timestamptz('poked_at'),
    lastDistribution: timestamptz('last_distribution'),
    pollSubmited: boolean('poll_submited').notNull().default(false),
    // The conversation thread within the contact for kinds that thread (e-mail: the root Message-ID); null for the
    // others. One open attendance per contact and thread.
    threadKey: text('thread_key'),
    notes: text('notes').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: timestamptz('last_message_at').notNull().defaultNow(),
    lastMessagePreview: text('last_message_preview').notNull().default(''),
    lastMessageSender: smallint('last_message_sender').notNull().default(0),
    contactOfflineSince: timestamptz('contact_offline_since'),
    // The card's picture (spec 1 §3 profile_pic_public_path): a signed URL to the contact's stored picture.
    profilePicPublicPath: text('profile_pic_public_path'),
    // metrics (spec 1 §3)
    firstStartChatAt: timestamptz('first_start_chat_at').notNull().defaultNow(),
    firstOperatorAnswerAt: timestamptz('first_operator_answer_at'),
    latestOperatorAnswerAt: timestamptz('latest_operator_answer_at'),
    latestContactChatMessageAt: timestamptz('latest_contact_chat_message_at'),
    responseTime: integer('response_time'),
    customerResponseCounter: integer('customer_response_counter').notNull().default(0),
    closedAt: timestamptz('closed_at'),
    closedByUserId: integer('closed_by_user_id'),
    closedByUserName: text('closed_by_user_name'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('attendances_protocol_uq').on(t.companyId, t.protocol),
    // At most one open attendance per contact and thread: a contact who writes after closure opens a new one.
    uniqueIndex('attendances_open_contact_uq')
      .on(t.companyId, t.contactId, sql`coalesce(thread_key, '')`)
      .where(sql`closed_at IS NULL`),
    // Admins and managers: newest open cards across sectors, read in index order.
    index('attendances_open_recent_idx')
      .on(t.companyId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`closed_at IS NULL`),
    index('attendances_open_sector_idx')
      .on(t.companyId, t.sectorId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`closed_at IS NULL`),
    index('attendances_open_operator_idx')
      .on(t.companyId, t.operatorAssignedId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`closed_at IS NULL`),
    index('attendances_waiting_idx')
      .on(t.companyId, t.sectorId, t.priority.desc().nullsFirst(), t.queuedAt)
      .where(sql`closed_at IS NULL AND operator_assigned_id IS NULL`),
    index('attendances_closed_idx')
      .on(t.companyId, t.closedAt.desc().nullsFirst())
      .where(sql`closed_at IS NOT NULL`),
    index('attendances_contact_idx').on(t.companyId, t.contactId, t.id.desc().nullsFirst()),
    index('attendances_person_idx').on(t.companyId, t.personId, t.id.desc().nullsFirst()),
    // Reports and the rollups' recompute read a company's attendances by creation time.
    index('attendances_created_idx').on(t.companyId, t.createdAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    companyId: integer('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    attendanceId: bigint('attendance_id', { mode: 'number' }).notNull(),
    // Provider's id (or ours for operator messages): the idempotency key of ingestion.
    messageId: text('message_id').notNull(),
    text: text('text').notNull().default(''),
    senderType: smallint('sender_type').notNull(),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name'),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
    quotedMessageId: text('quoted_message_id'),
    attachments: jsonb('attachments').$type<unknown[]>().notNull().default([]),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    delivery: text('delivery')
      .$type<'sending' | 'sent' | 'delivered' | 'read' | 'error'>()
      .notNull()
      .default('sent'),
    error: text('error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    // The provider's id of an outgoing message (WhatsApp's wamid): its delivery statuses name it.
    providerMessageId: text('provider_message_id'),
    // The durable send (plan 0005 §4): attempts made, the claim of the runner calling the provider now, the
    // earliest start of the next attempt, and when an unsent message is given up.
    sendAttempts: integer('send_attempts').notNull().default(0),
    sendStartedAt: timestamptz('send_started_at'),
    sendNotBefore: timestamptz('send_not_before'),
    sendDeadline: timestamptz('send_deadline'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      columns: [t.companyId, t.attendanceId],
      foreignColumns: [attendances.companyId, attendances.id],
    }),
    uniqueIndex('messages_message_id_uq').on(t.companyId, t.messageId),
    index('messages_attendance_idx').on(t.companyId, t.attendanceId, t.id.desc().nullsFirst()),
    // Delivery statuses find the outgoing message by the id its provider gave it (WhatsApp's wamid).
    index('messages_provider_id_idx')
      .on(t.companyId, t.providerMessageId)
      .where(sql`${t.providerMessageId} IS NOT NULL`),
    // The messages still being sent, for the stuck sweep (a small part of the table).
    index('messages_sending_idx').on(t.companyId, t.createdAt).where(sql`${t.delivery} = 'sending'`),
    // Reports and the rollups' recompute read a company's messages by time.
    index('messages_sent_idx').on(t.companyId, t.sentAt),
    // The trigger report reads only the trigger engine's messages (a small part of the table).
    index('messages_trigger_idx').on(t.companyId, t.sentAt).where(sql`${t.metadata} ? 'trigger'`),
  ],
);

// "Viewed by" (spec 1 §2): who opened an attendance and when.
export const attendanceViews = pgTable(
  'attendance_views',
  {
    companyId: integer('company_id').notNull(),
    attendanceId: bigint('attendance_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    userName: text('user_name').notNull(),
    viewedAt: timestamptz('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.attendanceId, t.userId] })],
);

// Per-company counters (protocol numbers), allocated by a single-row UPDATE … RETURNING.
export const companyCounters = pgTable(
  'company_counters',
  {
    companyId: integer('company_id').notNull(),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.name] })],
);

export type TWebchatField = {
  name: string;
  label: string;
  type: 'text' | 'number' | 'select';
  options?: string[];
  mask?: string;
  required?: boolean;
};

export type TWebchatCustomData = {
  nome?: string;
  text_msg?: string;
  text_button?: string;
  widget_font_color?: string;
  text_color?: string;
  color?: string;
  fields?: TWebchatField[];
};

// A web chat visitor's browser: its token (hashed) lets the widget resume the same conversation after a reload.
export const webchatVisitors = pgTable(
  'webchat_visitors',
  {
    companyId: integer('company_id').notNull(),
    id: text('id').notNull(),
    channelId: integer('channel_id').notNull(),
    contactId: integer('contact_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    formData: jsonb('form_data').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('webchat_visitors_token_uq').on(t.tokenHash),
  ],
);
