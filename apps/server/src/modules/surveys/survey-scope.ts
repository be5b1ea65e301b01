import { ROLE } from '@prosa/shared/roles';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import type { Caller } from '../../platform/deps';

// Who a survey reaches and who manages it. A lord (1000) reaches every company; an admin their own company plus
// their list (user_companies), as the companies screen (companies/repository.ts findManagedCompanies).
// company_ids empty means every company the creator reaches: for a lord that is every company (also the ones
// created later); an admin's empty choice is stored as the companies they reach on the day they publish, so the
// survey's audience never depends on a later change of the creator's list.

export const isLord = (caller: Caller) => caller.role >= ROLE.lord;

/** The companies an admin (not a lord) reaches, as a SQL int[] expression. */
export const reachOf = (caller: Caller): SQL =>
  sql`array(select ${caller.companyId}::int union select uc.company_id from user_companies uc
    where uc.user_id = ${caller.userId})`;

/** A survey row (alias s) the caller may see and delete on the admin screen. */
export const managedBy = (caller: Caller): SQL =>
  isLord(caller)
    ? sql`s.deleted_at is null`
    : sql`s.deleted_at is null and cardinality(s.company_ids) > 0 and s.company_ids <@ ${reachOf(caller)}`;

/** A survey row (alias s) that the users of a company must answer. */
export const reachesCompany = (companyId: number): SQL =>
  sql`s.deleted_at is null and (cardinality(s.company_ids) = 0 or ${companyId}::int = any(s.company_ids))`;

/** The companies a survey is published to, one fact each (every company when the list is empty). */
export async function targetCompanies(db: Db | Tx, companyIds: readonly number[]): Promise<number[]> {
  if (companyIds.length > 0) return [...new Set(companyIds)];
  const r = await db.execute<{ id: number }>(sql`select id from companies order by id`);
  return r.rows.map((c) => Number(c.id));
}

/** Company names for the list and the view. */
export async function companyNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const r = await db.execute<{ id: number; name: string }>(
    sql`select id, name from companies where id = any(${`{${[...new Set(ids)].join(',')}}`}::int[])`,
  );
  return new Map(r.rows.map((c) => [Number(c.id), c.name]));
}

export const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
