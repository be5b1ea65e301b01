import { asc, isNull, sql } from 'drizzle-orm';
import { statuses } from '../../db/schema/organization';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

/** The company's statuses; with a sector, only those linked to it or to no sector at all (status_sectors). */
export async function listStatuses(db: Db, companyId: number, sectorId?: number) {
  const bySector =
    sectorId === undefined
      ? undefined
      : sql`(not exists (select 1 from status_sectors ss where ss.company_id = ${companyId} and ss.status_id = ${statuses.id})
             or exists (select 1 from status_sectors ss where ss.company_id = ${companyId} and ss.status_id = ${statuses.id} and ss.sector_id = ${sectorId}))`;
  const rows = await db
    .select()
    .from(statuses)
    .where(ofCompany(statuses, companyId, isNull(statuses.deletedAt), bySector))
    .orderBy(asc(statuses.shouldClose), asc(statuses.name));
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    should_close: s.shouldClose,
    should_require: s.shouldRequire,
    use_in_bot: s.useInBot,
    color: s.color,
  }));
}
