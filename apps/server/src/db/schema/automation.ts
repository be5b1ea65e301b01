import type { TAutomationHolder } from '@prosa/shared/facts';
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

// Automation (issue 17; spec 2 §3 Trigger, §5 Triggers, §7 Triggers; spec 1 transfer to chatbot; spec 3 Polls).

// A channel's triggers. `trigger_type` 'text' (many per channel, ordered by `position`) or one of the other kinds
// (at most one each per channel). A text trigger's `actions` are [{type, params}] (TEXT, MEDIA, CHAT, QUIT_CHAT,
// EXIT_CHAT); the other kinds keep their fields (messages, times, status, options) in `params`.
// `triggerable_type` is the spec's channel type name of the editor route (wwpp, facebook, web, waent, …).
export const triggers = pgTable(
  'triggers',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    channelId: integer('channel_id').notNull(),
    triggerableType: text('triggerable_type').notNull(),
    triggerType: text('trigger_type').notNull(),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    triggerText: text('trigger_text').notNull().default(''),
    actions: jsonb('actions').$type<unknown[]>().notNull().default([]),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    position: integer('position').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('triggers_id_uq').on(t.id),
    foreignKey({
      columns: [t.companyId, t.channelId],
      foreignColumns: [channels.companyId, channels.id],
    }).onDelete('cascade'),
    index('triggers_channel_idx').on(t.companyId, t.channelId, t.triggerType, t.position),
    uniqueIndex('triggers_kind_uq')
      .on(t.companyId, t.channelId, t.triggerType)
      .where(sql`${t.triggerType} <> 'text'`),
  ],
);

export type TriggerRow = typeof triggers.$inferSelect;

// Chatbot flows: a graph of nodes and edges drawn in the flow editor (@xyflow/react), run by the flow engine.
export const chatbotFlows = pgTable(
  'chatbot_flows',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** { nodes: [{ id, type, position, data }], edges: [{ id, source, sourceHandle, target }] } */
    graph: jsonb('graph').$type<Record<string, unknown>>().notNull().default({}),
    /** Bumped on every save: a running session keeps the version it started with in its state. */
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('chatbot_flows_id_uq').on(t.id),
    index('chatbot_flows_company_idx').on(t.companyId, t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);

export type ChatbotFlowRow = typeof chatbotFlows.$inferSelect;

// Which flow answers a channel (linkedChannels: channel_type, channel_id): at most one flow per channel.
export const chatbotFlowChannels = pgTable(
  'chatbot_flow_channels',
  {
    companyId: integer('company_id').notNull(),
    channelId: integer('channel_id').notNull(),
    flowId: integer('flow_id').notNull(),
    channelType: text('channel_type').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.channelId] }),
    foreignKey({
      columns: [t.companyId, t.channelId],
      foreignColumns: [channels.companyId, channels.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.companyId, t.flowId],
      foreignColumns: [chatbotFlows.companyId, chatbotFlows.id],
    }).onDelete('cascade'),
    index('chatbot_flow_channels_flow_idx').on(t.companyId, t.flowId),
  ],
);

// Who holds an attendance in automatic mode (attendances.auto): the trigger menu, the agreement question, or a
// flow at one of its nodes. One row per open automatic attendance; deleted at the handover to people.
export const automationSessions = pgTable(
  'automation_sessions',
  {
    companyId: integer('company_id').notNull(),
    attendanceId: bigint('attendance_id', { mode: 'number' }).notNull(),
    holder: text('holder').$type<TAutomationHolder>().notNull(),
    flowId: integer('flow_id'),
    nodeId: text('node_id'),
    /** The engine's own state: flow version, retries, the pending question, the last message handled. */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.attendanceId] })],
);

// Satisfaction polls (spec 3 §3 Poll): name ≤ 50, question ≤ 255, texts {correct_answer, invalid_answer},
// possible_answers {"1": {key, value}, …} (2 to 15), expiration, an HSM for WhatsApp Enterprise, answer_order.
export const polls = pgTable(
  'polls',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    question: text('question').notNull(),
    texts: jsonb('texts').$type<Record<string, unknown>>().notNull().default({}),
    possibleAnswers: jsonb('possible_answers').$type<Record<string, unknown>>().notNull().default({}),
    useExpirationTime: boolean('use_expiration_time').notNull().default(false),
    /** Minutes. */
    timeExpire: integer('time_expire'),
    useDefaultMessage: boolean('use_default_message').notNull().default(true),
    expirationMessage: text('expiration_message'),
    hsmId: integer('hsm_id'),
    answerOrder: text('answer_order').notNull().default('letters'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('polls_id_uq').on(t.id),
    index('polls_company_idx').on(t.companyId, t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);

export type PollRow = typeof polls.$inferSelect;

// A poll sent to a contact at finalization: pending until answered, expired or given up; the answer kept for the
// poll report. At most one pending per contact: the contact's next message is read as the answer.
export const pollRequests = pgTable(
  'poll_requests',
  {
    companyId: integer('company_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    pollId: integer('poll_id').notNull(),
    attendanceId: bigint('attendance_id', { mode: 'number' }).notNull(),
    contactId: integer('contact_id').notNull(),
    channelId: integer('channel_id').notNull(),
    statusId: integer('status_id'),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name'),
    sectorId: integer('sector_id'),
    state: text('state').$type<'pending' | 'answered' | 'expired' | 'invalid'>().notNull().default('pending'),
    invalidCount: integer('invalid_count').notNull().default(0),
    answerKey: text('answer_key'),
    answerValue: text('answer_value'),
    askedAt: timestamptz('asked_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at'),
    answeredAt: timestamptz('answered_at'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('poll_requests_pending_uq').on(t.companyId, t.contactId).where(sql`${t.state} = 'pending'`),
    index('poll_requests_poll_idx').on(t.companyId, t.pollId, t.askedAt),
    index('poll_requests_attendance_idx').on(t.companyId, t.attendanceId),
    index('poll_requests_expiry_idx').on(t.expiresAt).where(sql`${t.state} = 'pending'`),
  ],
);

export type PollRequestRow = typeof pollRequests.$inferSelect;
