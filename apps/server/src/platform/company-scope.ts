import { ROLE } from '@prosa/shared/roles';
import { and, eq } from 'drizzle-orm';
import { userCompanies } from '../db/schema/admin';
import { companies } from '../db/schema/companies';
import type { Db } from './db';
import type { Caller } from './deps';
import { notFound } from './errors';

/**
 * Which company a management call acts on. A user always reaches their own company (the route's role rule
 * still applies); an admin also reaches the companies in their list, a lord every company. Anything else is
 * answered as not found, so company ids of others are not even confirmed to exist.
 */
export async function companyScope(db: Db, caller: Caller, companyId: number): Promise<number> {
  if (companyId === caller.companyId) return companyId;
  if (caller.role >= ROLE.lord) {
    const [found] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
    if (found) return companyId;
    throw notFound();
  }
  if (caller.role >= ROLE.admin) {
    const [row] = await db
      .select({ id: userCompanies.companyId })
      .from(userCompanies)
      .where(and(eq(userCompanies.userId, caller.userId), eq(userCompanies.companyId, companyId)));
    if (row) return companyId;
  }
  throw notFound();
}
