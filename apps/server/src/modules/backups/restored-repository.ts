import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { sectors, statuses } from '../../db/schema/organization';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// Reads of a restored backup's company: every query is scoped to that company's id, checked by the caller.

const a = attendances;
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
// The number as the restore stored it (data.telefone), else the channel's id when it looks like one.
const contactNumber = sql<
  string | null
>`coalesce(${contacts.data}->>'telefone', ${contacts.data}->>'phone', case when ${contacts.externalId} ~ '^\\+?\\d{8,15}$' then ${contacts.externalId} end)`;

/** Contact name, number (digits, ignoring the mask) or protocol. */
function searchCondition(search: string): SQL | undefined {
  const like = `%${escapeLike(search)}%`;
  const digits = search.replace(/\D/g, '');
  return or(
    ilike(a.protocol, like),
    ilike(a.name, like),
    ilike(contacts.name, like),
    digits
      ? sql`regexp_replace(coalesce(${contactNumber}, ''), '\\D', '', 'g') like ${`%${digits}%`}`
      : undefined,
  );
}

const messageCount =
  sql<number>`(select count(*) from ${messages} where ${messages.companyId} = ${a.companyId} and ${messages.attendanceId} = ${a.id})`.mapWith(
    Number,
  );

function baseQuery(db: Db) {
  return db
    .select({
      id: a.id,
      protocol: a.protocol,
      name: a.name,
      contactName: contacts.name,
      contactNumber,
      sector: sectors.name,
      status: statuses.name,
      openedAt: a.firstStartChatAt,
      closedAt: a.closedAt,
      messages: messageCount,
    })
    .from(a)
    .leftJoin(contacts, and(eq(contacts.companyId, a.companyId), eq(contacts.id, a.contactId)))
    .leftJoin(sectors, and(eq(sectors.companyId, a.companyId), eq(sectors.id, a.sectorId)))
    .leftJoin(statuses, and(eq(statuses.companyId, a.companyId), eq(statuses.id, a.statusId)));
}

export type RestoredAttendanceRaw = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/** A page of the company's attendances, newest closed first. */
export async function listRestoredAttendances(
  db: Db,
  companyId: number,
  q: { search?: string; limit: number; offset: number },
) {
  const where = ofCompany(a, companyId, q.search ? searchCondition(q.search) : undefined);
  const [rows, totals] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(sql`${a.closedAt} desc nulls last`, desc(a.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ total: count() })
      .from(a)
      .leftJoin(contacts, and(eq(contacts.companyId, a.companyId), eq(contacts.id, a.contactId)))
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findRestoredAttendance(db: Db, companyId: number, attendanceId: number) {
  const [row] = await baseQuery(db).where(ofCompany(a, companyId, eq(a.id, attendanceId)));
  return row ?? null;
}

/** One attendance's messages in the order they were sent. */
export async function restoredMessages(db: Db, companyId: number, attendanceId: number) {
  return db
    .select()
    .from(messages)
    .where(ofCompany(messages, companyId, eq(messages.attendanceId, attendanceId)))
    .orderBy(asc(messages.sentAt), asc(messages.id));
}
