import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamptz } from './columns';

export type TCompanyData = { use_filter_ip: boolean; ips: { ip: string; mask: number }[] };

export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  domain: text('domain').notNull(),
  organization: text('organization').notNull().default(''),
  planId: integer('plan_id'),
  timezone: text('timezone').notNull().default('America/Sao_Paulo'),
  data: jsonb('data')
    .$type<TCompanyData>()
    .notNull()
    .default(sql`'{"use_filter_ip": false, "ips": []}'::jsonb`),
  // Company metadata of spec 1 §3 (auto_dist, triage, allow, control_pause, …).
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  mfaEnabled: boolean('mfa_enabled').notNull().default(false),
  passwordMaxAgeDays: integer('password_max_age_days').notNull().default(0),
  statusId: integer('status_id').notNull().default(1),
  inactiveSince: timestamptz('inactive_since'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
