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
import { users } from './users';

// Back office (issue 21; spec 3 §3 Organization, BI report, Invoice, Backup filters). Organizations and BI report
// definitions belong to the installation (they span companies); invoices and backups to one company each.

/** An organization groups companies under one CNPJ (main.organizations). */
export const organizations = pgTable(
  'organizations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** 14 digits, check digits verified. */
    cnpj: text('cnpj').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('organizations_cnpj_uq').on(t.cnpj)],
);

export const organizationCompanies = pgTable(
  'organization_companies',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.companyId] }),
    index('organization_companies_company_idx').on(t.companyId),
  ],
);

/** A BI report definition (main.report-bi-list): a provider's report shown embedded to the chosen companies. */
export const biReports = pgTable(
  'bi_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** 'metabase' or 'powerbi'. */
    provider: text('provider').notNull(),
    /** The provider's report id (spec: hash / report-id): a Metabase dashboard id, a Power BI report id. */
    reportId: text('report_id').notNull(),
    companyIds: integer('company_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [index('bi_reports_created_idx').on(t.createdAt)],
);

/** A company's monthly invoice, computed from its contract and usage (spec 3 §3 Invoice). Money in cents. */
export const invoices = pgTable(
  'invoices',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    /** The billed month, YYYY-MM. */
    month: text('month').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The contract cost as computed when the invoice was issued (users per rule, numbers, days). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** 'open' | 'paid' | 'canceled'. */
    status: text('status').notNull().default('open'),
    dueDate: text('due_date'),
    /** Storage keys of the invoice PDF and of the receipt (nota fiscal) and billet (boleto) the owner uploads. */
    pdfKey: text('pdf_key'),
    receiptKey: text('receipt_key'),
    billetKey: text('billet_key'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('invoices_month_uq').on(t.companyId, t.month),
  ],
);

/** A scheduled backup of a period of the company's finalized attendances (spec 3 Backup). */
export const historyBackups = pgTable(
  'history_backups',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    dateFrom: text('date_from').notNull(),
    dateTo: text('date_to').notNull(),
    /** 'waiting' | 'running' | 'done' | 'failed'. */
    status: text('status').notNull().default('waiting'),
    /** 0–100. */
    progress: integer('progress').notNull().default(0),
    fileKey: text('file_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    attendances: integer('attendances').notNull().default(0),
    messages: integer('messages').notNull().default(0),
    error: text('error'),
    /** The company a restore created from this backup, when one was asked for. */
    restoredCompanyId: integer('restored_company_id'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('history_backups_created_idx').on(t.companyId, t.createdAt),
  ],
);
