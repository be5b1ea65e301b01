import type { TAttendanceFilter, TAttendanceListQuery } from '@prosa/shared/attendance';
import { ATTENDANCE_FILTERS } from '@prosa/shared/attendance';
import { channelKindsWith } from '@prosa/shared/channel-capabilities';
import { WEBCHAT_OFFLINE_SECONDS } from '@prosa/shared/channels';
import { ROLE } from '@prosa/shared/roles';
import { and, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { attendances, attendanceViews, companyCounters, messages } from '../../db/schema/attendance';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';
import type { Viewer } from './viewer';

const a = attendances;

/** The kinds whose contact is a phone number: the card id ends with it. */
const PHONE_KINDS = channelKindsWith((c) => c.contactAddress === 'phone');

/** The visibility rules of spec 1 §6 as SQL: sectors (admins: all), then own / own+unassigned / all. */
export function visibleTo(viewer: Viewer): SQL[] {
  const conds: SQL[] = [eq(a.companyId, viewer.companyId)];
  if (viewer.role < ROLE.admin)
    conds.push(inArray(a.sectorId, viewer.sectorIds.length > 0 ? viewer.sectorIds : [-1]));
  if (viewer.mode === 'OWN') conds.push(eq(a.operatorAssignedId, viewer.userId));
  if (viewer.mode === 'OWN_NONE') {
    const own = or(eq(a.operatorAssignedId, viewer.userId), isNull(a.operatorAssignedId));
    if (own) conds.push(own);
  }
  return conds;
}

const BASE_FILTER_SQL: Record<TAttendanceFilter, SQL> = {
  all: sql`true`,
  unread_interaction: sql`${a.unreadCount} > 0 and ${a.answered}`,
  unread_no_interaction: sql`${a.unreadCount} > 0 and not ${a.answered}`,
  read: sql`${a.unreadCount} = 0`,
  auto: sql`${a.auto}`,
  scheduled: sql`${a.scheduled} > 0`,
  busy_client_interaction: sql`${a.busyClient}`,
  out_of_sla_interaction: sql`${a.outOfSla}`,
  // Only channels that track the contact's connection set contact_offline_since.
  webchat_offline: sql`${a.contactOfflineSince} < now() - make_interval(secs => ${WEBCHAT_OFFLINE_SECONDS})`,
  locked: sql`${a.locked}`,
};

// An attendance waiting for its scheduled return (scheduled = 1) is out of the active work until then: only
// the "Agendados" filter lists it, with the returned ones (scheduled = 2).
const FILTER_SQL = Object.fromEntries(
  ATTENDANCE_FILTERS.map((f) => [
    f,
    f === 'scheduled' ? BASE_FILTER_SQL[f] : sql`(${BASE_FILTER_SQL[f]}) and ${a.scheduled} <> 1`,
  ]),
) as Record<TAttendanceFilter, SQL>;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
const digitsOf = (value: SQL) => sql`regexp_replace(coalesce(${value}, ''), '\\D', '', 'g')`;

/** The chat list's search: the contact's name, a phone (form fields or the channel's number), the protocol. */
function searchCondition(term: string): SQL {
  const parts: SQL[] = [
    sql`unaccent_lower(${a.name}) like unaccent_lower(${`%${escapeLike(term)}%`})`,
    sql`${a.protocol} like ${`${escapeLike(term)}%`}`,
  ];
  const digits = term.replace(/\D/g, '');
  if (digits.length >= 3) {
    const pattern = `%${digits}%`;
    const phones = [
      sql`${a.data}->>'contact_phone'`,
      sql`${a.data}->>'telefone'`,
      sql`${a.data}->>'phone'`,
      sql`${a.data}->>'phone_number'`,
      // The channel's own id of the contact when it is a phone number (WhatsApp, SMS); a web visitor's is random.
      sql`case when ${inArray(a.channelKind, PHONE_KINDS)} then substring(${a.cardId} from '^[^_]+_[0-9]+_(.*)$') end`,
    ];
    for (const phone of phones) parts.push(sql`${digitsOf(phone)} like ${pattern}`);
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The operator filter: cards of the chosen operators and/or without one (ids of another company match none). */
function operatorCondition(q: TAttendanceListQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (q.operator_ids && q.operator_ids.length > 0) parts.push(inArray(a.operatorAssignedId, q.operator_ids));
  if (q.unassigned) parts.push(isNull(a.operatorAssignedId));
  return parts.length > 0 ? or(...parts) : undefined;
}

function baseConditions(viewer: Viewer, q: TAttendanceListQuery): SQL[] {
  const conds = [...visibleTo(viewer), isNull(a.closedAt)];
  if (q.q) conds.push(searchCondition(q.q));
  if (q.sector_id !== undefined) conds.push(eq(a.sectorId, q.sector_id));
  if (q.status !== undefined) conds.push(eq(a.statusId, q.status));
  if (q.kind !== undefined) conds.push(eq(a.channelKind, q.kind));
  if (q.contact_id !== undefined) conds.push(eq(a.contactId, q.contact_id));
  const byOperator = operatorCondition(q);
  if (byOperator) conds.push(byOperator);
  return conds;
}

export async function listOpenAttendances(db: Db, viewer: Viewer, q: TAttendanceListQuery, perPage: number) {
  return db
    .select()
    .from(a)
    .where(and(...baseConditions(viewer, q), FILTER_SQL[q.filter]))
    .orderBy(desc(a.lastMessageAt), desc(a.id))
    .limit(perPage)
    .offset((q.page - 1) * perPage);
}

/** One pass over the visible open attendances counts every filter at once. */
export async function countOpenAttendances(db: Db, viewer: Viewer, q: TAttendanceListQuery) {
  const fields = Object.fromEntries(
    ATTENDANCE_FILTERS.map((f) => [f, sql<number>`count(*) filter (where ${FILTER_SQL[f]})`.mapWith(Number)]),
  ) as Record<TAttendanceFilter, SQL<number>>;
  const [row] = await db
    .select(fields)
    .from(a)
    .where(and(...baseConditions(viewer, q)));
  return row as Record<TAttendanceFilter, number>;
}

export async function findAttendance(db: Db, companyId: number, id: number) {
  const rows = await db
    .select()
    .from(a)
    .where(ofCompany(a, companyId, eq(a.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findVisibleAttendance(db: Db, viewer: Viewer, id: number) {
  const rows = await db
    .select()
    .from(a)
    .where(and(...visibleTo(viewer), eq(a.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function listMessages(
  db: Db,
  companyId: number,
  attendanceId: number,
  before: number | undefined,
  limit: number,
) {
  return db
    .select()
    .from(messages)
    .where(
      ofCompany(
        messages,
        companyId,
        eq(messages.attendanceId, attendanceId),
        before !== undefined ? lt(messages.id, before) : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(limit);
}

export async function findMessagesByMessageIds(db: Db, companyId: number, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      messageId: messages.messageId,
      text: messages.text,
      senderType: messages.senderType,
      attendanceId: messages.attendanceId,
      sentAt: messages.sentAt,
      attachments: messages.attachments,
    })
    .from(messages)
    .where(ofCompany(messages, companyId, inArray(messages.messageId, ids)));
}

/** Next value of a per-company counter (protocol numbers). */
export async function nextCounter(db: Db, companyId: number, name: string): Promise<number> {
  const [row] = await db
    .insert(companyCounters)
    .values({ companyId, name, value: 1 })
    .onConflictDoUpdate({
      target: [companyCounters.companyId, companyCounters.name],
      set: { value: sql`${companyCounters.value} + 1` },
    })
    .returning({ value: companyCounters.value });
  return row?.value ?? 1;
}

export async function upsertView(
  db: Db,
  values: { companyId: number; attendanceId: number; userId: number; userName: string },
) {
  await db
    .insert(attendanceViews)
    .values(values)
    .onConflictDoUpdate({
      target: [attendanceViews.companyId, attendanceViews.attendanceId, attendanceViews.userId],
      set: { viewedAt: new Date(), userName: values.userName },
    });
}

export async function listViews(db: Db, companyId: number, attendanceId: number) {
  return db
    .select()
    .from(attendanceViews)
    .where(ofCompany(attendanceViews, companyId, eq(attendanceViews.attendanceId, attendanceId)))
    .orderBy(desc(attendanceViews.viewedAt));
}
