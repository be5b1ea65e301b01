import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { userCompanies } from '../../db/schema/admin';
import {
  companies,
  type TCompanyAddress,
  type TCompanyData,
  type TCompanyResponsible,
  type TCompanyViewData,
} from '../../db/schema/companies';
import type { Db, Tx } from '../../platform/db';

export type CompanyRow = typeof companies.$inferSelect;

export async function findCompany(db: Db, companyId: number) {
  const rows = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0] ?? null;
}

/** Companies whose domain is one of these names (lowercase, compared without case). */
export async function findCompaniesByDomains(db: Db, domains: string[]) {
  if (domains.length === 0) return [];
  return db
    .select()
    .from(companies)
    .where(inArray(sql`lower(trim(${companies.domain}))`, domains))
    .limit(50);
}

export type CompanyChanges = Partial<{
  name: string;
  domain: string;
  organization: string;
  planId: number;
  timezone: string;
  data: TCompanyData;
  mfaEnabled: boolean;
  passwordMaxAgeDays: number;
  addresses: TCompanyAddress[];
  responsibles: TCompanyResponsible[];
  viewData: TCompanyViewData;
  defaultImage: string | null;
  customMetadata: { key: string; value: string }[];
  statusId: number;
  inactiveSince: Date | null;
}>;

export async function updateCompany(db: Db | Tx, companyId: number, values: CompanyChanges) {
  if (Object.keys(values).length === 0) return;
  await db.update(companies).set(values).where(eq(companies.id, companyId));
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The companies a caller manages: their own plus those of their list (user_companies); every company for
 * the platform owner. Ordered by name, one page at a time.
 */
export async function findManagedCompanies(
  db: Db,
  opts: { userId: number; companyId: number; all: boolean; search?: string; limit: number; offset: number },
) {
  const conds: SQL[] = [];
  if (!opts.all) {
    const listed = db
      .select({ id: userCompanies.companyId })
      .from(userCompanies)
      .where(eq(userCompanies.userId, opts.userId));
    const mine = or(eq(companies.id, opts.companyId), inArray(companies.id, listed));
    if (mine) conds.push(mine);
  }
  if (opts.search) {
    const like = `%${escapeLike(opts.search)}%`;
    const match = or(ilike(companies.name, like), ilike(companies.domain, like));
    if (match) conds.push(match);
  }
  const where = conds.length > 0 ? and(...conds) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function insertCompany(
  tx: Tx,
  values: { name: string; domain: string; organization: string; planId: number; viewData: TCompanyViewData },
) {
  const [row] = await tx
    .insert(companies)
    .values({ ...values, metadata: {}, data: { use_filter_ip: false, ips: [] } })
    .returning();
  if (!row) throw new Error('empresa não criada');
  return row;
}

export async function addToCompanyList(tx: Tx, userId: number, companyId: number) {
  await tx.insert(userCompanies).values({ userId, companyId }).onConflictDoNothing();
}
