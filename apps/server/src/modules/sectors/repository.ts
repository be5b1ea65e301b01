import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { sectors } from '../../db/schema/organization';
import { userSectors, userTransferSectors } from '../../db/schema/users';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

const columns = { id: sectors.id, name: sectors.name, position: sectors.position };

/** The company's sectors (deleted ones are gone), in the order chosen on the sectors screen. */
export async function listSectors(db: Db, companyId: number) {
  return db
    .select(columns)
    .from(sectors)
    .where(ofCompany(sectors, companyId, isNull(sectors.deletedAt)))
    .orderBy(asc(sectors.position), asc(sectors.name));
}

/** The sectors a user belongs to (user_sectors). */
export async function userSectorIds(db: Db, companyId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ sectorId: userSectors.sectorId })
    .from(userSectors)
    .where(and(eq(userSectors.companyId, companyId), eq(userSectors.userId, userId)));
  return rows.map((r) => r.sectorId);
}

export async function findSector(db: Db | Tx, companyId: number, id: number) {
  const rows = await db
    .select(columns)
    .from(sectors)
    .where(ofCompany(sectors, companyId, eq(sectors.id, id), isNull(sectors.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The sectors screen: each sector with its users and its open (not finalized) attendances. Counted by
 * grouped queries: a raw correlated subquery in a select list gets unqualified outer columns, which
 * resolve to the inner table (it compared an attendance's sector with its own id).
 */
export async function listSectorsWithCounts(db: Db, companyId: number) {
  const [rows, members, open] = await Promise.all([
    listSectors(db, companyId),
    db
      .select({ sectorId: userSectors.sectorId, n: count() })
      .from(userSectors)
      .where(eq(userSectors.companyId, companyId))
      .groupBy(userSectors.sectorId),
    db
      .select({ sectorId: attendances.sectorId, n: count() })
      .from(attendances)
      .where(ofCompany(attendances, companyId, isNull(attendances.closedAt)))
      .groupBy(attendances.sectorId),
  ]);
  const users = new Map(members.map((m) => [m.sectorId, m.n]));
  const attending = new Map(open.map((o) => [o.sectorId, o.n]));
  return rows.map((s) => ({
    ...s,
    users_count: users.get(s.id) ?? 0,
    open_attendances: attending.get(s.id) ?? 0,
  }));
}

/** A non-deleted sector with this name, whatever the letter case (names are unique per company). */
export async function findSectorByName(db: Db | Tx, companyId: number, name: string, exceptId?: number) {
  const rows = await db
    .select(columns)
    .from(sectors)
    .where(
      ofCompany(
        sectors,
        companyId,
        isNull(sectors.deletedAt),
        sql`lower(${sectors.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(sectors.id, exceptId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function insertSector(tx: Tx, companyId: number, name: string) {
  // A new sector goes to the end of the company's order.
  const [last] = await tx
    .select({ max: sql<number>`coalesce(max(${sectors.position}), 0)::int` })
    .from(sectors)
    .where(ofCompany(sectors, companyId, isNull(sectors.deletedAt)));
  const [row] = await tx
    .insert(sectors)
    .values({ companyId, name, position: (last?.max ?? 0) + 1 })
    .returning(columns);
  if (!row) throw new Error('sector insert returned nothing');
  return row;
}

export async function renameSector(db: Db, companyId: number, id: number, name: string) {
  await db
    .update(sectors)
    .set({ name })
    .where(ofCompany(sectors, companyId, eq(sectors.id, id)));
}

export async function countOpenAttendances(db: Db | Tx, companyId: number, sectorId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(attendances)
    .where(
      ofCompany(attendances, companyId, eq(attendances.sectorId, sectorId), isNull(attendances.closedAt)),
    );
  return row?.n ?? 0;
}

export async function countSectors(db: Db | Tx, companyId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(sectors)
    .where(ofCompany(sectors, companyId, isNull(sectors.deletedAt)));
  return row?.n ?? 0;
}

/** A channel (not deleted) whose new conversations land in this sector. */
export async function channelUsingSector(db: Db | Tx, companyId: number, sectorId: number) {
  const [row] = await db
    .select({ name: channels.name, kind: channels.kind })
    .from(channels)
    .where(ofCompany(channels, companyId, eq(channels.defaultSectorId, sectorId), isNull(channels.deletedAt)))
    .orderBy(asc(channels.id))
    .limit(1);
  return row ?? null;
}

/** Soft delete: the sector leaves every list and its members stop belonging to it. */
export async function softDeleteSector(tx: Tx, companyId: number, id: number) {
  await tx
    .update(sectors)
    .set({ deletedAt: new Date() })
    .where(ofCompany(sectors, companyId, eq(sectors.id, id)));
  await tx.delete(userSectors).where(and(eq(userSectors.companyId, companyId), eq(userSectors.sectorId, id)));
  await tx
    .delete(userTransferSectors)
    .where(and(eq(userTransferSectors.companyId, companyId), eq(userTransferSectors.sectorId, id)));
}

/** Positions 1..n in the given order. */
export async function setSectorPositions(tx: Tx, companyId: number, ids: number[]) {
  for (const [index, id] of ids.entries()) {
    await tx
      .update(sectors)
      .set({ position: index + 1 })
      .where(ofCompany(sectors, companyId, eq(sectors.id, id)));
  }
}
