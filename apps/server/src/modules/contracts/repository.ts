import { ROLE } from '@prosa/shared/roles';
import { asc, eq, lt } from 'drizzle-orm';
import { contracts, sellers, type TContractRule } from '../../db/schema/admin';
import { users } from '../../db/schema/users';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

export async function listSellers(db: Db) {
  return db.select({ id: sellers.id, name: sellers.name }).from(sellers).orderBy(asc(sellers.name));
}

export async function findSeller(db: Db, id: number) {
  const [row] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, id));
  return row ?? null;
}

export async function findContract(db: Db, companyId: number) {
  const [row] = await db
    .select({ contract: contracts, sellerName: sellers.name })
    .from(contracts)
    .leftJoin(sellers, eq(sellers.id, contracts.sellerId))
    .where(eq(contracts.companyId, companyId));
  return row ?? null;
}

/** Money in cents, dates 'YYYY-MM-DD'. One row per company, created on the first save. */
export async function saveContract(
  db: Db,
  companyId: number,
  values: {
    startDate: string;
    dueDate: string | null;
    rules: TContractRule[];
    numberValue: number;
    observation: string;
    sellerId: number | null;
  },
) {
  const set = { ...values, updatedAt: new Date() };
  await db
    .insert(contracts)
    .values({ companyId, ...set })
    .onConflictDoUpdate({ target: contracts.companyId, set });
}

/** The users a contract bills, oldest first (their order gives the positions); the platform owner is not billed. */
export async function findBilledUsers(db: Db, companyId: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      createdAt: users.createdAt,
      inactiveSince: users.inactiveSince,
    })
    .from(users)
    .where(ofCompany(users, companyId, lt(users.role, ROLE.lord)))
    .orderBy(asc(users.createdAt), asc(users.id));
}
