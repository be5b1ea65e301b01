import { companies } from '../../db/schema/companies';
import type { Db } from '../../platform/db';
import { recomputeRollups } from './recompute';

const DAY_MS = 86_400_000;

/**
 * The demo data is inserted directly (no facts): the rollups and flow records of every company are recomputed
 * for the last 120 days (up to the next hour).
 */
export async function seedReportRollups(
  db: Db,
  now = new Date(),
): Promise<{ companies: number; rows: number }> {
  const list = await db.select({ id: companies.id }).from(companies);
  let rows = 0;
  for (const c of list) {
    const r = await recomputeRollups(db, {
      companyId: c.id,
      from: new Date(now.getTime() - 120 * DAY_MS),
      to: new Date(now.getTime() + 3_600_000),
    });
    rows += r.rows;
  }
  return { companies: list.length, rows };
}
