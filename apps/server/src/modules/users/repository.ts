import { BILLING_ACCESS_SETTING } from '@prosa/shared/billing-texts';
import { CRM_SETTING, crmAccess } from '@prosa/shared/crm-texts';
import { roleLabel } from '@prosa/shared/roles';
import type { TGender } from '@prosa/shared/users-admin';
import { foldText } from '@prosa/shared/users-admin';
import { and, asc, count, eq, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { profiles, signatures } from '../../db/schema/admin';
import { companies } from '../../db/schema/companies';
import { sectors } from '../../db/schema/organization';
import { userSectors, users, userTransferSectors } from '../../db/schema/users';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

type Conn = Db | Tx;

// Accent folding without the unaccent extension: the same letters foldText removes in JS.
const FROM = 'áàâãäåéèêëíìîïóòôõöúùûüçñ';
const TO = 'aaaaaaeeeeiiiiooooouuuucn';
const folded = (column: AnyPgColumn) => sql`translate(lower(${column}), ${FROM}, ${TO})`;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Name or e-mail contains the term, regardless of case and accents. */
function searchCondition(search: string | undefined): SQL | undefined {
  const term = foldText(search ?? '');
  if (!term) return undefined;
  const like = `%${escapeLike(term)}%`;
  return sql`(${folded(users.name)} like ${like} or ${folded(users.displayName)} like ${like} or lower(${users.email}) like ${like})`;
}

const listColumns = {
  id: users.id,
  settings: users.settings,
  name: users.name,
  displayName: users.displayName,
  email: users.email,
  role: users.role,
  profileId: users.profileId,
  profileName: profiles.name,
  inactiveSince: users.inactiveSince,
  operatorStatus: users.operatorStatus,
  gender: users.gender,
  mustChangePassword: users.mustChangePassword,
};

type ListRow = {
  id: number;
  name: string;
  displayName: string;
  email: string;
  role: number;
  profileId: number | null;
  profileName: string | null;
  inactiveSince: Date | null;
  operatorStatus: string;
};

function toListItem(r: ListRow, sectorNames: string[]) {
  return {
    id: r.id,
    name: r.name,
    display_name: r.displayName,
    email: r.email,
    role: r.role,
    role_label: roleLabel(r.role),
    profile_id: r.profileId,
    profile_name: r.profileName,
    sectors: sectorNames,
    inactive_since: r.inactiveSince?.toISOString() ?? null,
    operator_status: r.operatorStatus === 'online' ? ('online' as const) : ('offline' as const),
  };
}

function baseQuery(db: Conn) {
  return db
    .select(listColumns)
    .from(users)
    .leftJoin(profiles, and(eq(profiles.companyId, users.companyId), eq(profiles.id, users.profileId)));
}

/** Sector names per user (live sectors, in the company's order). */
async function sectorNamesOf(db: Conn, companyId: number, userIds: number[]) {
  const out = new Map<number, string[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: userSectors.userId, name: sectors.name })
    .from(userSectors)
    .innerJoin(
      sectors,
      and(eq(sectors.companyId, userSectors.companyId), eq(sectors.id, userSectors.sectorId)),
    )
    .where(
      and(
        eq(userSectors.companyId, companyId),
        inArray(userSectors.userId, userIds),
        isNull(sectors.deletedAt),
      ),
    )
    .orderBy(asc(sectors.position), asc(sectors.name));
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r.name]);
  return out;
}

export async function pageUsers(
  db: Db,
  q: { companyId: number; maxRole: number; search?: string; page: number; perPage: number },
) {
  const where = ofCompany(users, q.companyId, lte(users.role, q.maxRole), searchCondition(q.search));
  const [rows, [total]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const names = await sectorNamesOf(
    db,
    q.companyId,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toListItem(r, names.get(r.id) ?? [])),
    total: total?.n ?? 0,
    page: q.page,
    per_page: q.perPage,
  };
}

/** A user of the company at or below `maxRole`, or null (others are not theirs to see). */
export async function findManagedUser(db: Conn, companyId: number, id: number, maxRole: number) {
  const [row] = await baseQuery(db)
    .where(ofCompany(users, companyId, eq(users.id, id), lte(users.role, maxRole)))
    .limit(1);
  return row ?? null;
}

export async function findUserIdByEmail(db: Conn, companyId: number, email: string, maxRole: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      ofCompany(
        users,
        companyId,
        eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
        lte(users.role, maxRole),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export async function userDetail(db: Conn, companyId: number, id: number, maxRole: number) {
  const row = await findManagedUser(db, companyId, id, maxRole);
  if (!row) return null;
  const [names, own, transfer, sigs] = await Promise.all([
    sectorNamesOf(db, companyId, [id]),
    db
      .select({ id: userSectors.sectorId })
      .from(userSectors)
      .where(and(eq(userSectors.companyId, companyId), eq(userSectors.userId, id))),
    db
      .select({ id: userTransferSectors.sectorId })
      .from(userTransferSectors)
      .where(and(eq(userTransferSectors.companyId, companyId), eq(userTransferSectors.userId, id))),
    listSignatures(db, companyId, { userId: id }),
  ]);
  return {
    ...toListItem(row, names.get(id) ?? []),
    gender: row.gender === 'male' || row.gender === 'female' ? (row.gender as TGender) : null,
    sector_ids: own.map((s) => s.id),
    transfer_sector_ids: transfer.map((s) => s.id),
    signatures: sigs,
    must_change_password: row.mustChangePassword,
    allow_billing_access: row.settings[BILLING_ACCESS_SETTING] === true,
    crm: crmAccess(row.role, row.settings[CRM_SETTING]),
  };
}

export async function emailTaken(db: Conn, email: string, exceptUserId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Which of these e-mails (lower case) already belong to a user of the platform. */
export async function takenEmails(db: Conn, emails: string[]) {
  const list = [...new Set(emails.map((e) => e.toLowerCase()).filter(Boolean))];
  if (list.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, list));
  return new Set(rows.map((r) => r.email));
}

export async function companySectors(db: Conn, companyId: number) {
  return db
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(ofCompany(sectors, companyId, isNull(sectors.deletedAt)))
    .orderBy(asc(sectors.position), asc(sectors.name));
}

export async function companyProfiles(db: Conn, companyId: number) {
  return db
    .select({ id: profiles.id, name: profiles.name })
    .from(profiles)
    .where(ofCompany(profiles, companyId))
    .orderBy(asc(profiles.name));
}

/** allow.restrictTransfer of the company metadata: users get transfer sectors (spec 2 §6). */
export async function restrictTransferOf(db: Conn, companyId: number) {
  const [row] = await db
    .select({ metadata: companies.metadata })
    .from(companies)
    .where(eq(companies.id, companyId));
  const allow = (row?.metadata as { allow?: { restrictTransfer?: unknown } } | undefined)?.allow;
  return allow?.restrictTransfer === true;
}

export async function companyTimezone(db: Conn, companyId: number) {
  const [row] = await db
    .select({ tz: companies.timezone })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.tz ?? 'America/Sao_Paulo';
}

export async function replaceUserSectors(
  tx: Tx,
  companyId: number,
  userId: number,
  table: typeof userSectors | typeof userTransferSectors,
  sectorIds: number[],
) {
  await tx.delete(table).where(and(eq(table.companyId, companyId), eq(table.userId, userId)));
  if (sectorIds.length > 0) {
    await tx.insert(table).values(sectorIds.map((sectorId) => ({ companyId, userId, sectorId })));
  }
}

export async function listSignatures(db: Conn, companyId: number, by: { userId?: number; maxRole?: number }) {
  const rows = await db
    .select({
      id: signatures.id,
      label: signatures.label,
      sector_id: signatures.sectorId,
      sector_name: sectors.name,
      user_id: signatures.userId,
      user_name: users.name,
    })
    .from(signatures)
    .innerJoin(sectors, and(eq(sectors.companyId, signatures.companyId), eq(sectors.id, signatures.sectorId)))
    .innerJoin(users, and(eq(users.companyId, signatures.companyId), eq(users.id, signatures.userId)))
    .where(
      ofCompany(
        signatures,
        companyId,
        by.userId !== undefined ? eq(signatures.userId, by.userId) : undefined,
        by.maxRole !== undefined ? lte(users.role, by.maxRole) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(signatures.label), asc(signatures.id));
  return rows;
}

// The short list of GET /api/users: the caller's company, for the filters of other screens.
const itemColumns = {
  id: users.id,
  name: users.name,
  display_name: users.displayName,
  email: users.email,
  role: users.role,
  inactiveSince: users.inactiveSince,
};

type ItemRow = {
  id: number;
  name: string;
  display_name: string;
  email: string;
  role: number;
  inactiveSince: Date | null;
};

const toItem = ({ inactiveSince, ...rest }: ItemRow) => ({
  ...rest,
  inactive_since: inactiveSince?.toISOString() ?? null,
});

/** Users of the company whose role is at or below the caller's (spec 1 §6). */
export async function listUsers(db: Db, companyId: number, maxRole: number) {
  const rows = await db
    .select(itemColumns)
    .from(users)
    .where(ofCompany(users, companyId, lte(users.role, maxRole)))
    .orderBy(asc(users.name));
  return rows.map(toItem);
}

export async function findUserItem(db: Db, companyId: number, id: number, maxRole: number) {
  const rows = await db
    .select(itemColumns)
    .from(users)
    .where(ofCompany(users, companyId, eq(users.id, id), lte(users.role, maxRole)))
    .limit(1);
  return rows[0] ? toItem(rows[0]) : null;
}
