import { count, eq, isNull } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { pauseReasons } from '../../db/schema/distribution';
import { statuses } from '../../db/schema/organization';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

/** The metadata object as stored (untyped), or null when the company does not exist. */
export async function loadStoredMetadata(db: Db, companyId: number): Promise<Record<string, unknown> | null> {
  const [row] = await db
    .select({ metadata: companies.metadata })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ? row.metadata : null;
}

export async function storeMetadata(db: Db, companyId: number, metadata: Record<string, unknown>) {
  await db.update(companies).set({ metadata }).where(eq(companies.id, companyId));
}

/** Pause reasons not deleted: control_pause.use_reason needs one. */
export async function countActivePauseReasons(db: Db, companyId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(pauseReasons)
    .where(ofCompany(pauseReasons, companyId, isNull(pauseReasons.deletedAt)));
  return row?.n ?? 0;
}

/** Whether a status of the company (not deleted) finalizes (should_close 1): the blacklist needs one. */
export async function isClosingStatus(db: Db, companyId: number, statusId: number) {
  const [row] = await db
    .select({ shouldClose: statuses.shouldClose })
    .from(statuses)
    .where(ofCompany(statuses, companyId, eq(statuses.id, statusId), isNull(statuses.deletedAt)));
  return row?.shouldClose === 1;
}
