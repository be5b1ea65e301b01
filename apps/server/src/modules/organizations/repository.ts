import { and, asc, count, desc, eq, ilike, inArray, notExists, or, type SQL, sql } from 'drizzle-orm';
import { userCompanies } from '../../db/schema/admin';
import { organizationCompanies, organizations } from '../../db/schema/back-office';
import { companies } from '../../db/schema/companies';
import type { Db, Tx } from '../../platform/db';

export type OrganizationRow = typeof organizations.$inferSelect;

/** Who looks: a lord sees every organization; an admin those they created or whose companies they all reach. */
export type OrgViewer = { userId: number; companyId: number; all: boolean };

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ids of the companies an admin reaches: their own and those of their list (user_companies). */
function reachedIds(viewer: OrgViewer) {
  return sql`(select ${viewer.companyId}::integer union select ${userCompanies.companyId} from ${userCompanies} where ${userCompanies.userId} = ${viewer.userId})`;
}

function visibleTo(db: Db | Tx, viewer: OrgViewer): SQL | undefined {
  if (viewer.all) return undefined;
  const oc = organizationCompanies;
  const hasCompanies = sql`exists (select 1 from ${oc} where ${oc.organizationId} = ${organizations.id})`;
  const allReached = notExists(
    db
      .select({ one: sql`1` })
      .from(oc)
      .where(and(eq(oc.organizationId, organizations.id), sql`${oc.companyId} not in ${reachedIds(viewer)}`)),
  );
  return or(eq(organizations.createdBy, viewer.userId), and(hasCompanies, allReached));
}

export async function listOrganizations(
  db: Db,
  viewer: OrgViewer,
  opts: { search?: string; limit: number; offset: number },
) {
  const conds: SQL[] = [];
  const visible = visibleTo(db, viewer);
  if (visible) conds.push(visible);
  if (opts.search) {
    // A term of digits and CNPJ punctuation also looks in the CNPJ ("33.000.167" finds 33000167000101).
    const digits = /^[\d./\-\s]+$/.test(opts.search) ? opts.search.replace(/\D/g, '') : '';
    const byName = ilike(organizations.name, `%${escapeLike(opts.search)}%`);
    const match = digits ? or(byName, ilike(organizations.cnpj, `%${digits}%`)) : byName;
    if (match) conds.push(match);
  }
  const where = conds.length > 0 ? and(...conds) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(organizations)
      .where(where)
      .orderBy(asc(organizations.name), desc(organizations.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(organizations).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findVisibleOrganization(db: Db | Tx, viewer: OrgViewer, id: number) {
  const visible = visibleTo(db, viewer);
  const [row] = await db
    .select()
    .from(organizations)
    .where(visible ? and(eq(organizations.id, id), visible) : eq(organizations.id, id));
  return row ?? null;
}

/** The companies of these organizations, by organization id, ordered by name. */
export async function companiesOf(db: Db | Tx, organizationIds: number[]) {
  const out = new Map<number, { id: number; name: string }[]>();
  if (organizationIds.length === 0) return out;
  const rows = await db
    .select({ organizationId: organizationCompanies.organizationId, id: companies.id, name: companies.name })
    .from(organizationCompanies)
    .innerJoin(companies, eq(companies.id, organizationCompanies.companyId))
    .where(inArray(organizationCompanies.organizationId, organizationIds))
    .orderBy(asc(companies.name));
  for (const r of rows) {
    const list = out.get(r.organizationId) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.organizationId, list);
  }
  return out;
}

/** Which of these company ids the viewer reaches (all of them that exist, for a lord). */
export async function reachedCompanyIds(db: Db | Tx, viewer: OrgViewer, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      viewer.all
        ? inArray(companies.id, ids)
        : and(inArray(companies.id, ids), sql`${companies.id} in ${reachedIds(viewer)}`),
    );
  return new Set(rows.map((r) => r.id));
}

export async function findByCnpj(db: Db | Tx, cnpj: string) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.cnpj, cnpj));
  return row ?? null;
}

export async function insertOrganization(tx: Tx, values: { name: string; cnpj: string; createdBy: number }) {
  const [row] = await tx.insert(organizations).values(values).returning();
  if (!row) throw new Error('organização não criada');
  return row;
}

export async function updateOrganization(tx: Tx, id: number, values: { name: string; cnpj: string }) {
  const [row] = await tx
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  if (!row) throw new Error('organização não encontrada');
  return row;
}

/** Replaces the companies of an organization among `scope` (the companies the editor reaches) with `ids`. */
export async function setOrganizationCompanies(
  tx: Tx,
  organizationId: number,
  ids: number[],
  scope: { all: true } | { only: number[] },
) {
  const oc = organizationCompanies;
  if ('all' in scope) await tx.delete(oc).where(eq(oc.organizationId, organizationId));
  else if (scope.only.length > 0)
    await tx.delete(oc).where(and(eq(oc.organizationId, organizationId), inArray(oc.companyId, scope.only)));
  if (ids.length > 0)
    await tx
      .insert(oc)
      .values(ids.map((companyId) => ({ organizationId, companyId })))
      .onConflictDoNothing();
}

export async function currentCompanyIds(tx: Tx, organizationId: number) {
  const rows = await tx
    .select({ id: organizationCompanies.companyId })
    .from(organizationCompanies)
    .where(eq(organizationCompanies.organizationId, organizationId));
  return rows.map((r) => r.id);
}

export async function deleteOrganization(db: Db, id: number) {
  const rows = await db
    .delete(organizations)
    .where(eq(organizations.id, id))
    .returning({ id: organizations.id });
  return rows.length > 0;
}
