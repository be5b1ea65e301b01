import type { TSchedule } from '@prosa/shared/scheduling';
import { and, desc, eq } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { sectors } from '../../db/schema/organization';
import { schedules } from '../../db/schema/scheduling';
import { users } from '../../db/schema/users';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

export type ScheduleRow = typeof schedules.$inferSelect;

const s = schedules;
/** How many schedules of a contact the modal lists (newest return first). */
export const SCHEDULES_LISTED = 50;

const viewColumns = {
  id: s.id,
  attendance_id: s.attendanceId,
  protocol: attendances.protocol,
  contact_id: s.contactId,
  sector_id: s.sectorId,
  sector_name: sectors.name,
  return_at: s.returnAt,
  status: s.status,
  created_by: s.createdBy,
  created_by_name: users.displayName,
  created_at: s.createdAt,
  done_at: s.doneAt,
};

function viewQuery(db: Db | Tx) {
  return db
    .select(viewColumns)
    .from(s)
    .innerJoin(attendances, and(eq(attendances.companyId, s.companyId), eq(attendances.id, s.attendanceId)))
    .innerJoin(sectors, and(eq(sectors.companyId, s.companyId), eq(sectors.id, s.sectorId)))
    .leftJoin(users, and(eq(users.companyId, s.companyId), eq(users.id, s.createdBy)));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];

function toSchedule(r: ViewRow): TSchedule {
  return {
    ...r,
    return_at: r.return_at.toISOString(),
    created_at: r.created_at.toISOString(),
    done_at: r.done_at ? r.done_at.toISOString() : null,
  };
}

export async function findScheduleView(
  db: Db | Tx,
  companyId: number,
  id: number,
): Promise<TSchedule | null> {
  const rows = await viewQuery(db)
    .where(ofCompany(s, companyId, eq(s.id, id)))
    .limit(1);
  return rows[0] ? toSchedule(rows[0]) : null;
}

/** Spec 1 §7 "list by contact_id": every schedule of the contact, across its attendances. */
export async function listContactSchedules(
  db: Db,
  companyId: number,
  contactId: number,
): Promise<TSchedule[]> {
  const rows = await viewQuery(db)
    .where(ofCompany(s, companyId, eq(s.contactId, contactId)))
    .orderBy(desc(s.returnAt), desc(s.id))
    .limit(SCHEDULES_LISTED);
  return rows.map(toSchedule);
}

export async function findSchedule(db: Db | Tx, companyId: number, id: number) {
  const rows = await db
    .select()
    .from(s)
    .where(ofCompany(s, companyId, eq(s.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findOpenSchedule(db: Db | Tx, companyId: number, attendanceId: number) {
  const rows = await db
    .select()
    .from(s)
    .where(ofCompany(s, companyId, eq(s.attendanceId, attendanceId), eq(s.status, 1)))
    .limit(1);
  return rows[0] ?? null;
}

/** The attendance row under a lock (FOR UPDATE): schedule changes and the return never interleave. */
export async function lockAttendance(tx: Tx, companyId: number, attendanceId: number) {
  const rows = await tx
    .select()
    .from(attendances)
    .where(ofCompany(attendances, companyId, eq(attendances.id, attendanceId)))
    .for('update');
  return rows[0] ?? null;
}

/** Postgres unique violation (the one-open-schedule index lost a race). */
export function isUniqueViolation(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } })?.cause;
  return (err as { code?: string })?.code === '23505' || cause?.code === '23505';
}
