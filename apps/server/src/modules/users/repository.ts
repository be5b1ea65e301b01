import { asc, eq, lte } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

const columns = {
  id: users.id,
  name: users.name,
  display_name: users.displayName,
  email: users.email,
  role: users.role,
  inactiveSince: users.inactiveSince,
};

type Row = {
  id: number;
  name: string;
  display_name: string;
  email: string;
  role: number;
  inactiveSince: Date | null;
};

const toItem = ({ inactiveSince, ...rest }: Row) => ({
  ...rest,
  inactive_since: inactiveSince?.toISOString() ?? null,
});

/** Users of the company whose role is at or below the caller's (spec 1 §6). */
export async function listUsers(db: Db, companyId: number, maxRole: number) {
  const rows = await db
    .select(columns)
    .from(users)
    .where(ofCompany(users, companyId, lte(users.role, maxRole)))
    .orderBy(asc(users.name));
  return rows.map(toItem);
}

export async function findUserItem(db: Db, companyId: number, id: number, maxRole: number) {
  const rows = await db
    .select(columns)
    .from(users)
    .where(ofCompany(users, companyId, eq(users.id, id), lte(users.role, maxRole)))
    .limit(1);
  return rows[0] ? toItem(rows[0]) : null;
}
