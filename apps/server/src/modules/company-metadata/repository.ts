import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import type { Db } from '../../platform/db';

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
