import { eq } from 'drizzle-orm';
import { companies, type TCompanyData } from '../../db/schema/companies';
import type { Db } from '../../platform/db';

export async function findCompany(db: Db, companyId: number) {
  const rows = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0] ?? null;
}

export async function updateCompany(
  db: Db,
  companyId: number,
  values: Partial<{ data: TCompanyData; mfaEnabled: boolean; passwordMaxAgeDays: number }>,
) {
  await db.update(companies).set(values).where(eq(companies.id, companyId));
}
