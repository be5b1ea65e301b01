import { asc, isNull } from 'drizzle-orm';
import { statuses } from '../../db/schema/organization';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

export async function listStatuses(db: Db, companyId: number) {
  const rows = await db
    .select()
    .from(statuses)
    .where(ofCompany(statuses, companyId, isNull(statuses.deletedAt)))
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
