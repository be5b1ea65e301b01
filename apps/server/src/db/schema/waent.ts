import { sql } from 'drizzle-orm';
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

// WhatsApp Enterprise (Cloud API) numbers (spec 2 §3 WhatsApp Enterprise channel). Secrets are sealed with the
// app secret (platform/crypto encryptSecret) and never sent back to the browser in full.
export const waentChannels = pgTable(
  'waent_channels',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    defaultSectorId: integer('default_sector_id').notNull(),
    broker: text('broker').notNull().default('meta'),
    phoneNumber: text('phone_number'),
    phoneNumberId: text('phone_number_id').notNull(),
    wabaId: text('waba_id').notNull(),
    displayName: text('display_name'),
    accessTokenSealed: text('access_token_sealed').notNull(),
    appSecretSealed: text('app_secret_sealed').notNull(),
    verifyToken: text('verify_token').notNull(),
    // Graph API base URL (https://graph.facebook.com/v19.0 by default; a broker's or the test peer's otherwise).
    apiBaseUrl: text('api_base_url').notNull().default('https://graph.facebook.com/v19.0'),
    messagesPerSecond: integer('messages_per_second').notNull().default(80),
    isActive: boolean('is_active').notNull().default(true),
    isCloud: boolean('is_cloud').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('waent_channels_id_uq').on(t.id),
    // Webhooks name the number by its phone_number_id: one live channel per number on the platform.
    uniqueIndex('waent_channels_number_uq').on(t.phoneNumberId).where(sql`${t.deletedAt} IS NULL`),
  ],
);

// Every webhook POST is committed here before the 200; a job processes it afterwards (idempotent by wamid).
export const waentWebhookEvents = pgTable(
  'waent_webhook_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').notNull(),
    channelId: integer('channel_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    processedAt: timestamptz('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('waent_webhook_events_pending_idx').on(t.receivedAt).where(sql`${t.processedAt} IS NULL`)],
);

// Message templates (HSM, spec 2 §3): created by an admin for all or some companies, or synchronised from a WABA.
export const hsmTemplates = pgTable(
  'hsm_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => companies.id),
    allCompanies: boolean('all_companies').notNull().default(false),
    name: text('name').notNull(),
    elementName: text('element_name').notNull(),
    namespace: text('namespace'),
    language: text('language').notNull().default('pt_BR'),
    category: text('category').notNull().default('UTILITY'),
    template: text('template').notNull(),
    templateType: text('template_type').$type<'headers' | 'authentication'>().notNull().default('headers'),
    authType: text('auth_type'),
    headerType: text('header_type').$type<'text' | 'image' | 'video' | 'document' | null>(),
    headerTemplate: text('header_template'),
    headerMediaKey: text('header_media_key'),
    useInPoll: boolean('use_in_poll').notNull().default(false),
    // Where it came from when synchronised from Meta: the WABA and Meta's status (APPROVED, PENDING, REJECTED).
    wabaId: text('waba_id'),
    externalStatus: text('external_status'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [index('hsm_templates_owner_idx').on(t.ownerCompanyId)],
);

export const hsmTemplateCompanies = pgTable(
  'hsm_template_companies',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => hsmTemplates.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.companyId] }),
    index('hsm_template_companies_company_idx').on(t.companyId),
  ],
);

// "Active sending via panel" per operator (spec 2 §6): a list with an enabled flag.
export const activeSendPermissions = pgTable(
  'active_send_permissions',
  {
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);

// Each active WhatsApp started from the panel (spec 1 §7 get-total-active-sent-day counts them).
export const activeSends = pgTable(
  'active_sends',
  {
    companyId: integer('company_id').notNull(),
    id: integer('id').generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    channelId: integer('channel_id').notNull(),
    attendanceId: bigint('attendance_id', { mode: 'number' }),
    phone: text('phone').notNull(),
    templateId: integer('template_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('active_sends_day_idx').on(t.companyId, t.createdAt),
  ],
);
