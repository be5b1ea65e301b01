import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The one helper that scopes a query to a company: every repository read or write of a tenant table
 * goes through it, so a row of another company is simply not found (404).
 */
export function ofCompany(
  table: { companyId: PgColumn },
  companyId: number,
  ...conds: (SQL | undefined)[]
): SQL {
  const scoped = and(eq(table.companyId, companyId), ...conds);
  if (!scoped) throw new Error('unreachable');
  return scoped;
}
