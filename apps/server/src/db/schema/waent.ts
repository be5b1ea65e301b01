import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamptz } from './columns';
import { companies } from './companies';

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
    // Meta's quality rating of the template (GREEN, YELLOW, RED; UNKNOWN): campaigns using it pause on RED.
    qualityScore: text('quality_score'),
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
