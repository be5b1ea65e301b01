import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { polls } from '../../db/schema/automation';
import { sectors, statuses, statusSectors } from '../../db/schema/organization';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

/** Statuses linked to the sector, or to no sector at all (status_sectors). */
const ofSector = (companyId: number, sectorId: number | undefined) =>
  sectorId === undefined
    ? undefined
    : sql`(not exists (select 1 from status_sectors ss where ss.company_id = ${companyId} and ss.status_id = ${statuses.id})
           or exists (select 1 from status_sectors ss where ss.company_id = ${companyId} and ss.status_id = ${statuses.id} and ss.sector_id = ${sectorId}))`;

/** The company's statuses (deleted ones are gone); with a sector, only those offered in it. */
export async function listStatuses(db: Db, companyId: number, sectorId?: number) {
  const rows = await db
    .select()
    .from(statuses)
    .where(ofCompany(statuses, companyId, isNull(statuses.deletedAt), ofSector(companyId, sectorId)))
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

/** The statuses screen: every field plus the linked (non-deleted) sectors. */
export async function listStatusesWithSectors(db: Db, companyId: number, sectorId?: number) {
  const rows = await db
    .select()
    .from(statuses)
    .where(ofCompany(statuses, companyId, isNull(statuses.deletedAt), ofSector(companyId, sectorId)))
    .orderBy(asc(statuses.shouldClose), asc(statuses.name));
  const links = rows.length
    ? await db
        .select({ statusId: statusSectors.statusId, sectorId: statusSectors.sectorId })
        .from(statusSectors)
        .innerJoin(
          sectors,
          and(eq(sectors.companyId, statusSectors.companyId), eq(sectors.id, statusSectors.sectorId)),
        )
        .where(
          and(
            eq(statusSectors.companyId, companyId),
            inArray(
              statusSectors.statusId,
              rows.map((r) => r.id),
            ),
            isNull(sectors.deletedAt),
          ),
        )
        .orderBy(asc(sectors.position), asc(sectors.name))
    : [];
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    should_close: s.shouldClose,
    use_in_bot: s.useInBot,
    should_require: s.shouldRequire,
    success: s.success,
    color: s.color,
    message: s.message,
    sectors: links.filter((l) => l.statusId === s.id).map((l) => l.sectorId),
    poll_id: s.pollId,
  }));
}

export async function findStatusRow(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(statuses)
    .where(ofCompany(statuses, companyId, eq(statuses.id, id), isNull(statuses.deletedAt)));
  return row ?? null;
}

export type StatusValues = {
  name: string;
  shouldClose: number;
  useInBot: boolean;
  shouldRequire: boolean;
  success: boolean;
  color: string;
  message: string | null;
  pollId: number | null;
};

export async function insertStatus(tx: Tx, companyId: number, values: StatusValues) {
  const [row] = await tx
    .insert(statuses)
    .values({ companyId, ...values })
    .returning({ id: statuses.id });
  if (!row) throw new Error('status insert returned nothing');
  return row.id;
}

export async function updateStatusRow(tx: Tx, companyId: number, id: number, values: StatusValues) {
  await tx
    .update(statuses)
    .set(values)
    .where(ofCompany(statuses, companyId, eq(statuses.id, id)));
}

export async function replaceStatusSectors(tx: Tx, companyId: number, statusId: number, sectorIds: number[]) {
  await tx
    .delete(statusSectors)
    .where(and(eq(statusSectors.companyId, companyId), eq(statusSectors.statusId, statusId)));
  if (sectorIds.length > 0)
    await tx.insert(statusSectors).values(sectorIds.map((sectorId) => ({ companyId, statusId, sectorId })));
}

export async function softDeleteStatus(db: Db, companyId: number, id: number) {
  await db
    .update(statuses)
    .set({ deletedAt: new Date() })
    .where(ofCompany(statuses, companyId, eq(statuses.id, id)));
}

/** Which of these ids are sectors of the company (not deleted). */
export async function existingSectorIds(db: Db | Tx, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: sectors.id })
    .from(sectors)
    .where(ofCompany(sectors, companyId, inArray(sectors.id, ids), isNull(sectors.deletedAt)));
  return rows.map((r) => r.id);
}

/** Whether the poll is one of the company's and not deleted (a status's poll_id). */
export async function pollExists(db: Db | Tx, companyId: number, pollId: number) {
  const [row] = await db
    .select({ id: polls.id })
    .from(polls)
    .where(ofCompany(polls, companyId, eq(polls.id, pollId), isNull(polls.deletedAt)));
  return row !== undefined;
}
