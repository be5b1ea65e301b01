import { channelFactsOf } from '@prosa/shared/channel-capabilities';
import { cardIdFor } from '@prosa/shared/channels';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OpenChannel } from '../../channels/port';
import { attendances, contacts, persons } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { Db, Tx } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { handoverFacts } from '../attendance/attendance-facts';
import type { AttendanceRow } from '../attendance/card';
import { nextCounter } from '../attendance/repository';

/** Who an active message goes to: their id on the channel and what a new contact and attendance record. */
export type ActiveRecipient = {
  /** The contact's id on the channel (a phone number, an e-mail address). */
  externalId: string;
  /** The new person's phones or e-mails. */
  person: { phones?: { phone: string; is_whatsapp: boolean }[]; emails?: string[] };
  contactData: Record<string, unknown>;
  attendanceData: Record<string, unknown>;
};

/** A phone number as the recipient (WhatsApp, SMS). */
export function phoneRecipient(channelId: number, phone: string, isWhatsapp: boolean): ActiveRecipient {
  return {
    externalId: phone,
    person: { phones: [{ phone, is_whatsapp: isWhatsapp }] },
    contactData: { phone },
    attendanceData: { phone_number: phone, channel_id: channelId },
  };
}

async function contactFor(tx: Tx, companyId: number, channel: OpenChannel, to: ActiveRecipient) {
  const key = and(
    eq(contacts.companyId, companyId),
    eq(contacts.kind, channel.kind),
    eq(contacts.channelId, channel.id),
    eq(contacts.externalId, to.externalId),
  );
  const [existing] = await tx.select().from(contacts).where(key).limit(1);
  if (existing) return existing;
  const [person] = await tx
    .insert(persons)
    .values({ companyId, name: to.externalId, ...to.person })
    .returning({ id: persons.id });
  if (!person) throw new Error('person insert returned nothing');
  const [inserted] = await tx
    .insert(contacts)
    .values({
      companyId,
      personId: person.id,
      kind: channel.kind,
      channelId: channel.id,
      externalId: to.externalId,
      name: to.externalId,
      data: to.contactData,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [raced] = await tx.select().from(contacts).where(key).limit(1);
  if (!raced) throw new Error('contact vanished');
  return raced;
}

export type OpenedActive = {
  attendance: AttendanceRow;
  /** Where a reused open attendance was before this send (null for a new one). */
  previous: { sectorId: number; operatorAssignedId: number | null } | null;
};

/**
 * The attendance an active message goes into: the contact's open one on this number, or a new one
 * (`<kind>_<channel>_<address>`) in the chosen sector with the responsible, announced by its facts.
 */
export async function openActiveAttendance(
  db: Db,
  input: {
    caller: Caller;
    channel: OpenChannel;
    to: ActiveRecipient;
    sectorId: number;
    responsible: { id: number; name: string };
    /** Kinds that thread (e-mail): the new conversation's thread; the contact's other threads stay apart. */
    threadKey?: string;
  },
): Promise<OpenedActive> {
  const { caller, channel, to } = input;
  return db.transaction(async (tx) => {
    const contact = await contactFor(tx, caller.companyId, channel, to);
    const openKey = and(
      eq(attendances.companyId, caller.companyId),
      eq(attendances.contactId, contact.id),
      isNull(attendances.closedAt),
      sql`coalesce(${attendances.threadKey}, '') = ${input.threadKey ?? ''}`,
    );
    const [open] = await tx.select().from(attendances).where(openKey).limit(1).for('update');
    if (open) {
      return {
        attendance: open,
        previous: { sectorId: open.sectorId, operatorAssignedId: open.operatorAssignedId },
      };
    }
    const n = await nextCounter(tx, caller.companyId, 'protocol');
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const [created] = await tx
      .insert(attendances)
      .values({
        companyId: caller.companyId,
        cardId: cardIdFor(channel.kind, channel.id, to.externalId),
        protocol: `${today}${String(n).padStart(6, '0')}`,
        contactId: contact.id,
        personId: contact.personId,
        channelKind: channel.kind,
        channelId: channel.id,
        name: contact.name,
        sectorId: input.sectorId,
        operatorAssignedId: input.responsible.id,
        operatorAssignedName: input.responsible.name,
        threadKey: input.threadKey ?? null,
        data: { ...contact.data, ...to.attendanceData, ...channelFactsOf(channel.kind, channel.config) },
      })
      .returning();
    if (!created) throw new Error('attendance insert returned nothing');
    await writeFacts(tx, [
      {
        companyId: caller.companyId,
        attendanceId: created.id,
        actorUserId: caller.userId,
        name: 'attendance.opened',
        data: { channel_id: channel.id, contact_id: contact.id, sector_id: input.sectorId },
      },
      ...(await handoverFacts(tx, { sectorId: input.sectorId, operatorAssignedId: null }, created, {
        by: caller.userId,
        reason: 'active',
      })),
    ]);
    return { attendance: created, previous: null };
  });
}
