import { and, arrayOverlaps, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { userCompanies } from '../../db/schema/admin';
import { biReports } from '../../db/schema/back-office';
import { companies } from '../../db/schema/companies';
import type { Db, Tx } from '../../platform/db';

export type BiReportRow = typeof biReports.$inferSelect;
export type BiReportValues = { name: string; provider: string; reportId: string; companyIds: number[] };

/** Which definitions an admin reaches: every one (the platform owner), or by the companies they manage. */
export type BiScope = { all: true } | { all: false; userId: number; companyIds: number[] };

/** The companies an admin manages: their own plus their list (user_companies). */
export async function reachedCompanyIds(db: Db, userId: number, companyId: number): Promise<number[]> {
  const listed = await db
    .select({ id: userCompanies.companyId })
    .from(userCompanies)
    .where(eq(userCompanies.userId, userId));
  return [...new Set([companyId, ...listed.map((r) => r.id)])].sort((a, b) => a - b);
}

export async function existingCompanyIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, ids));
  return rows.map((r) => r.id);
}

export async function companyNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// An admin sees what they wrote and what is shown to one of their companies.
function scopeWhere(scope: BiScope): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.companyIds.length === 0) return eq(biReports.createdBy, scope.userId);
  return or(eq(biReports.createdBy, scope.userId), arrayOverlaps(biReports.companyIds, scope.companyIds));
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findBiReportPage(
  db: Db,
  scope: BiScope,
  opts: { search?: string; limit: number; offset: number },
) {
  const conds: (SQL | undefined)[] = [isNull(biReports.deletedAt), scopeWhere(scope)];
  if (opts.search) conds.push(ilike(biReports.name, `%${escapeLike(opts.search)}%`));
  const where = and(...conds);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(biReports)
      .where(where)
      .orderBy(desc(biReports.createdAt), desc(biReports.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(biReports).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findBiReportInScope(db: Db, scope: BiScope, id: number) {
  const rows = await db
    .select()
    .from(biReports)
    .where(and(eq(biReports.id, id), isNull(biReports.deletedAt), scopeWhere(scope)))
    .limit(1);
  return rows[0] ?? null;
}

/** A definition as the viewer reads it (who may see it is decided by the caller's companies). */
export async function findLiveBiReport(db: Db, id: number) {
  const rows = await db
    .select()
    .from(biReports)
    .where(and(eq(biReports.id, id), isNull(biReports.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertBiReport(db: Db | Tx, values: BiReportValues & { createdBy: number }) {
  const [row] = await db.insert(biReports).values(values).returning({ id: biReports.id });
  if (!row) throw new Error('relatório BI não criado');
  return row;
}

export async function updateBiReport(db: Db | Tx, id: number, values: BiReportValues) {
  await db
    .update(biReports)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(biReports.id, id), isNull(biReports.deletedAt)));
}

export async function softDeleteBiReport(db: Db | Tx, id: number) {
  await db.update(biReports).set({ deletedAt: new Date() }).where(eq(biReports.id, id));
}
