import type { TBackupAttendanceLine } from '@prosa/shared/backups';
import { startOfDayIn } from '@prosa/shared/dates';
import { and, asc, count, eq, gt, gte, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { sectors, statuses } from '../../db/schema/organization';
import type { Db } from '../../platform/db';

// What a backup holds: the company's FINALIZED attendances closed in the period (its days in its timezone), read in
// batches by id so a large period never sits in memory at once.

const a = attendances;
const nextDay = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function periodConditions(companyId: number, from: string, to: string, timezone: string): SQL[] {
  return [
    eq(a.companyId, companyId),
    isNotNull(a.closedAt),
    gte(a.closedAt, startOfDayIn(from, timezone)),
    lt(a.closedAt, startOfDayIn(nextDay(to), timezone)),
  ];
}

export async function countPeriod(db: Db, companyId: number, from: string, to: string, timezone: string) {
  const [row] = await db
    .select({ n: count() })
    .from(a)
    .where(and(...periodConditions(companyId, from, to, timezone)));
  return row?.n ?? 0;
}

const contactNumber = (c: { externalId: string; data: Record<string, unknown>; kind: string }) => {
  const phone = c.data.telefone ?? c.data.phone;
  if (typeof phone === 'string' && phone) return phone;
  return /^\+?\d{8,15}$/.test(c.externalId) ? c.externalId : null;
};

/** The next batch of attendances after `afterId`, each with its contact and messages, as backup lines. */
export async function readBatch(
  db: Db,
  opts: { companyId: number; from: string; to: string; timezone: string; afterId: number; size: number },
): Promise<TBackupAttendanceLine[]> {
  const rows = await db
    .select({
      att: a,
      contact: contacts,
      sector: sectors.name,
      status: statuses.name,
      closes: statuses.shouldClose,
    })
    .from(a)
    .innerJoin(contacts, and(eq(contacts.companyId, a.companyId), eq(contacts.id, a.contactId)))
    .leftJoin(sectors, and(eq(sectors.companyId, a.companyId), eq(sectors.id, a.sectorId)))
    .leftJoin(statuses, and(eq(statuses.companyId, a.companyId), eq(statuses.id, a.statusId)))
    .where(
      and(...periodConditions(opts.companyId, opts.from, opts.to, opts.timezone), gt(a.id, opts.afterId)),
    )
    .orderBy(asc(a.id))
    .limit(opts.size);
  if (rows.length === 0) return [];
  const msgs = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, opts.companyId),
        inArray(
          messages.attendanceId,
          rows.map((r) => r.att.id),
        ),
      ),
    )
    .orderBy(asc(messages.sentAt), asc(messages.id));
  const byAttendance = new Map<number, TBackupAttendanceLine['messages']>();
  for (const m of msgs) {
    const list = byAttendance.get(m.attendanceId) ?? [];
    list.push({
      message_id: m.messageId,
      text: m.text,
      sender_type: m.senderType,
      operator_name: m.operatorName,
      sent_at: m.sentAt.toISOString(),
      attachments: m.attachments,
    });
    byAttendance.set(m.attendanceId, list);
  }
  return rows.map(({ att, contact, sector, status, closes }) => ({
    type: 'attendance',
    attendance: {
      id: att.id,
      protocol: att.protocol,
      card_id: att.cardId,
      name: att.name,
      channel_kind: att.channelKind,
      sector,
      status,
      status_closes: closes === 1,
      operator_assigned_name: att.operatorAssignedName,
      closed_by_user_name: att.closedByUserName,
      first_start_chat_at: att.firstStartChatAt.toISOString(),
      first_operator_answer_at: att.firstOperatorAnswerAt?.toISOString() ?? null,
      closed_at: (att.closedAt ?? att.updatedAt).toISOString(),
      notes: att.notes,
    },
    contact: {
      name: contact.name,
      kind: contact.kind,
      external_id: contact.externalId,
      number: contactNumber(contact),
      email: typeof contact.data.email === 'string' ? contact.data.email : null,
    },
    messages: byAttendance.get(att.id) ?? [],
  }));
}
