import { asc, eq, isNull } from 'drizzle-orm';
import { sectors } from '../../db/schema/organization';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

const columns = { id: sectors.id, name: sectors.name, position: sectors.position };

export async function listSectors(db: Db, companyId: number) {
  return db
    .select(columns)
    .from(sectors)
    .where(ofCompany(sectors, companyId, isNull(sectors.deletedAt)))
    .orderBy(asc(sectors.position), asc(sectors.name));
}

export async function findSector(db: Db, companyId: number, id: number) {
  const rows = await db
    .select(columns)
    .from(sectors)
    .where(ofCompany(sectors, companyId, eq(sectors.id, id), isNull(sectors.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}
