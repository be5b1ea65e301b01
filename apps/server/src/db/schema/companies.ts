import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamptz } from './columns';

export type TCompanyData = { use_filter_ip: boolean; ips: { ip: string; mask: number }[] };

export type TCompanyAddress = {
  tipo: string;
  logradouro: string;
  numero: string;
  bairro: string;
  cep: string;
  cidade: string;
  observacao: string;
};
export type TCompanyResponsible = {
  nome: string;
  email: string;
  celular: string;
  titulo: string;
  telefone: string;
};
// White-label: title and file names of the uploaded logos (served by /api/companies/:id/white-label/:key).
export type TCompanyViewData = { title?: string; logo?: string; logo_login?: string };

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
  // Company edit tabs (spec 2 §3): addresses, responsibles, white-label look, default image.
  addresses: jsonb('addresses').$type<TCompanyAddress[]>().notNull().default([]),
  responsibles: jsonb('responsibles').$type<TCompanyResponsible[]>().notNull().default([]),
  viewData: jsonb('view_data').$type<TCompanyViewData>().notNull().default({}),
  defaultImage: text('default_image'),
  // The company's free key/value list (spec 2 §3 Company "metadata list"), edited in the company's metadata tab.
  customMetadata: jsonb('custom_metadata').$type<{ key: string; value: string }[]>().notNull().default([]),
  statusId: integer('status_id').notNull().default(1),
  inactiveSince: timestamptz('inactive_since'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
