import { cardIdFor } from '@prosa/shared/channels';
import { and, eq, isNull } from 'drizzle-orm';
import type { OpenChannel } from '../../channels/port';
import { attendances, contacts, persons } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { Db, Tx } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { handoverFacts } from '../attendance/attendance-facts';
import type { AttendanceRow } from '../attendance/card';
import { nextCounter } from '../attendance/repository';

async function contactFor(tx: Tx, companyId: number, channel: OpenChannel, address: string) {
  const key = and(
    eq(contacts.companyId, companyId),
    eq(contacts.kind, channel.kind),
    eq(contacts.channelId, channel.id),
    eq(contacts.externalId, address),
  );
  const [existing] = await tx.select().from(contacts).where(key).limit(1);
  if (existing) return existing;
  const [person] = await tx
    .insert(persons)
    .values({ companyId, name: address, emails: [address] })
    .returning({ id: persons.id });
  if (!person) throw new Error('person insert returned nothing');
  const [inserted] = await tx
    .insert(contacts)
    .values({
      companyId,
      personId: person.id,
      kind: channel.kind,
      channelId: channel.id,
      externalId: address,
      name: address,
      data: { email: address },
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [raced] = await tx.select().from(contacts).where(key).limit(1);
  if (!raced) throw new Error('contact vanished');
  return raced;
}

/**
 * The attendance an active e-mail goes into: the first recipient's open one on this config, or a new one
 * (`em_<config>_<address>`) in the chosen sector with the responsible, announced by its facts. The reply of the
 * recipient joins it (the contact is the address).
 */
export async function openEmailAttendance(
  db: Db,
  input: {
    caller: Caller;
    channel: OpenChannel;
    address: string;
    subject: string;
    sectorId: number;
    responsible: { id: number; name: string };
  },
): Promise<{
  attendance: AttendanceRow;
  previous: { sectorId: number; operatorAssignedId: number | null } | null;
}> {
  const { caller, channel, address } = input;
  return db.transaction(async (tx) => {
    const contact = await contactFor(tx, caller.companyId, channel, address);
    const [open] = await tx
      .select()
      .from(attendances)
      .where(
        and(
          eq(attendances.companyId, caller.companyId),
          eq(attendances.contactId, contact.id),
          isNull(attendances.closedAt),
        ),
      )
      .limit(1)
      .for('update');
    if (open)
      return {
        attendance: open,
        previous: { sectorId: open.sectorId, operatorAssignedId: open.operatorAssignedId },
      };
    const n = await nextCounter(tx, caller.companyId, 'protocol');
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const [created] = await tx
      .insert(attendances)
      .values({
        companyId: caller.companyId,
        cardId: cardIdFor(channel.kind, channel.id, address),
        protocol: `${today}${String(n).padStart(6, '0')}`,
        contactId: contact.id,
        personId: contact.personId,
        channelKind: channel.kind,
        channelId: channel.id,
        name: contact.name,
        sectorId: input.sectorId,
        operatorAssignedId: input.responsible.id,
        operatorAssignedName: input.responsible.name,
        data: { ...contact.data, email: address, subject: input.subject, email_config_id: channel.id },
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
