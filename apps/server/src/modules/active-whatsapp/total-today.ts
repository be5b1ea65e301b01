import { and, count, eq, gte, sql } from 'drizzle-orm';
import { activeSends } from '../../db/schema/waent';
import type { Db } from '../../platform/db';
import { findCompany } from '../companies/repository';

/** Active WhatsApp sends of the company since midnight in the company's time zone (get-total-active-sent-day). */
export async function totalActiveToday(db: Db, companyId: number): Promise<number> {
  const company = await findCompany(db, companyId);
  const tz = company?.timezone || 'America/Sao_Paulo';
  const midnight = sql`(date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`;
  const [row] = await db
    .select({ total: count() })
    .from(activeSends)
    .where(and(eq(activeSends.companyId, companyId), gte(activeSends.createdAt, midnight)));
  return row?.total ?? 0;
}
