import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { contracts } from '../../db/schema/admin';
import { invoices } from '../../db/schema/back-office';
import { companies } from '../../db/schema/companies';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

export type TInvoiceRow = typeof invoices.$inferSelect & { companyName: string };

const withCompany = { invoice: invoices, companyName: companies.name };

/** The companies with a contract (all, or the one given), with what an invoice needs of them. */
export async function contractedCompanies(db: Db, companyId: number | null) {
  return db
    .select({ id: companies.id, name: companies.name, timezone: companies.timezone })
    .from(contracts)
    .innerJoin(companies, eq(companies.id, contracts.companyId))
    .where(companyId === null ? undefined : eq(companies.id, companyId))
    .orderBy(companies.id);
}

/** Companies with a contract and no invoice yet for `month` (the recurring task's cheap check). */
export async function companiesMissingInvoice(db: Db, month: (tz: string) => string) {
  const rows = await db
    .select({ id: companies.id, name: companies.name, timezone: companies.timezone })
    .from(contracts)
    .innerJoin(companies, eq(companies.id, contracts.companyId));
  const out: { company: (typeof rows)[number]; month: string }[] = [];
  for (const company of rows) {
    const m = month(company.timezone);
    const [found] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(ofCompany(invoices, company.id, eq(invoices.month, m)));
    if (!found) out.push({ company, month: m });
  }
  return out;
}

/** Inserts the month's invoice unless the company has one already (unique company + month): null then. */
export async function insertInvoice(
  db: Db,
  values: {
    companyId: number;
    month: string;
    amountCents: number;
    details: Record<string, unknown>;
    dueDate: string;
  },
) {
  const [row] = await db
    .insert(invoices)
    .values(values)
    .onConflictDoNothing({ target: [invoices.companyId, invoices.month] })
    .returning({ id: invoices.id });
  return row?.id ?? null;
}

export async function setInvoiceFile(
  db: Db,
  companyId: number,
  id: number,
  column: 'pdfKey' | 'receiptKey' | 'billetKey',
  key: string,
) {
  await db
    .update(invoices)
    .set({ [column]: key, updatedAt: new Date() })
    .where(ofCompany(invoices, companyId, eq(invoices.id, id)));
}

/** One invoice; with companyId null (the owner) of any company. */
export async function findInvoice(db: Db, companyId: number | null, id: number): Promise<TInvoiceRow | null> {
  const [row] = await db
    .select(withCompany)
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(companyId === null ? eq(invoices.id, id) : ofCompany(invoices, companyId, eq(invoices.id, id)));
  return row ? { ...row.invoice, companyName: row.companyName } : null;
}

/** A page of invoices, newest month first; companyId null lists every company's (the owner). */
export async function pageInvoices(
  db: Db,
  filter: { companyId: number | null; from?: string; to?: string },
  page: { limit: number; offset: number },
) {
  const conds: (SQL | undefined)[] = [
    filter.companyId === null ? undefined : eq(invoices.companyId, filter.companyId),
    filter.from ? gte(invoices.month, filter.from) : undefined,
    filter.to ? lte(invoices.month, filter.to) : undefined,
  ];
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select(withCompany)
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(where)
      .orderBy(desc(invoices.month), companies.name, invoices.companyId)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return {
    rows: rows.map((r): TInvoiceRow => ({ ...r.invoice, companyName: r.companyName })),
    total: total?.n ?? 0,
  };
}
