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

// Integrations (issue 22; spec 2 Integrations): a company's link to an outside CRM/marketing tool (RD Station
// Marketing or CRM), its credentials sealed, and each event delivered to it at most once.
export const integrations = pgTable(
  'integrations',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    /** 'rdstation_marketing' | 'rdstation_crm'. */
    kind: text('kind').notNull(),
    name: text('name').notNull().default(''),
    /** Sealed JSON (platform seal): client id and secret, client code, refresh and access tokens, expiry. */
    credentialsSealed: text('credentials_sealed').notNull(),
    /** Our field → the provider's field (name, mobile_phone, email). */
    fieldMap: jsonb('field_map').$type<Record<string, string>>().notNull().default({}),
    /** Which events are sent: { contact_created: boolean, attendance_finalized: boolean }. */
    events: jsonb('events').$type<Record<string, boolean>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('integrations_kind_uq').on(t.companyId, t.kind),
  ],
);

/** One event sent (or being sent) to an integration: the unique key keeps it from being sent twice. */
export const integrationDeliveries = pgTable(
  'integration_deliveries',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    integrationId: integer('integration_id').notNull(),
    /** 'contact.created' | 'attendance.finalized'. */
    event: text('event').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    /** 'pending' | 'sent' | 'failed'. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('integration_deliveries_once_uq').on(t.companyId, t.integrationId, t.event, t.subjectId),
    index('integration_deliveries_status_idx').on(t.companyId, t.status, t.createdAt),
  ],
);

// Google Calendar (issue 22; spec 3 Google calendar authorisation): a user's calendar link, tokens sealed, and the
// event each scheduled return became in it.
export const googleCalendarLinks = pgTable(
  'google_calendar_links',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id').notNull(),
    /** Sealed JSON: access and refresh tokens, expiry, scope. */
    tokensSealed: text('tokens_sealed').notNull(),
    email: text('email').notNull().default(''),
    calendarId: text('calendar_id').notNull().default('primary'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);

export const scheduleCalendarEvents = pgTable(
  'schedule_calendar_events',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    scheduleId: bigint('schedule_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    eventId: text('event_id').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.scheduleId] })],
);
