import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamptz } from './columns';
import { companies } from './companies';
import { users } from './users';

// Notifications (issue 20; spec 2 §3 Notification, §4 schedule_status): written by the installation's admins for
// the users of chosen companies (none chosen: every company). Not a company's own data, so one table for the
// installation; what a user reads and the leads they leave are kept per user and company.
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Notification model (packages/shared/src/notifications.ts): a notice, or an offer that asks for interest. */
    modelId: integer('model_id').notNull(),
    /** Who it is for: every user, managers and above, or operators. */
    audience: text('audience').notNull().default('all'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** The image (an uploaded jpg/png's URL). */
    imageUrl: text('image_url'),
    /** Where the notification's button leads (only with an image). */
    link: text('link'),
    companyIds: integer('company_ids').array().notNull().default(sql`'{}'::integer[]`),
    scheduleStatus: text('schedule_status').notNull().default('ACTIVE'),
    scheduleStartAt: timestamptz('schedule_start_at'),
    scheduleEndAt: timestamptz('schedule_end_at'),
    extraData: jsonb('extra_data').$type<Record<string, unknown> | unknown[] | null>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [index('notifications_created_idx').on(t.createdAt)],
);

/** A user has read a notification (setRead). */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    readAt: timestamptz('read_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    index('notification_reads_user_idx').on(t.userId),
  ],
);

/** The answer to an "interested lead" notification: a user says they are interested and leaves a phone. */
export const notificationLeads = pgTable(
  'notification_leads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('notification_leads_notification_idx').on(t.notificationId, t.createdAt)],
);

// Surveys (issue 20; spec 3 §3 Survey): published by the installation's admins to the users of chosen companies,
// either questions with choices (and an 'others' free text) under an HTML information, or a link to an external
// form. Each user answers once.
export const surveys = pgTable(
  'surveys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 'questions' or 'external_form'. */
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Sanitized HTML shown above the questions. */
    info: text('info').notNull().default(''),
    imageUrl: text('image_url'),
    /** The external form's address (type external_form). */
    link: text('link'),
    /** [{ text, options: string[], others: boolean }] */
    questions: jsonb('questions')
      .$type<{ text: string; options: string[]; others: boolean }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    companyIds: integer('company_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [index('surveys_created_idx').on(t.createdAt)],
);

export const surveyAnswers = pgTable(
  'survey_answers',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Keyed by question index: { "0": { choice: string | null, others: string | null } } */
    answers: jsonb('answers')
      .$type<Record<string, { choice: string | null; others: string | null }>>()
      .notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.surveyId, t.userId] }),
    index('survey_answers_company_idx').on(t.companyId),
  ],
);
