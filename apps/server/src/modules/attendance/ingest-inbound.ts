import { cardIdFor, type TChannelKind } from '@prosa/shared/channels';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { InboundContact, InboundMessage } from '../../channels/port';
import { attendances, contacts, messages, persons } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { AttendanceRow, MessageRow } from './card';
import { nextCounter } from './repository';

class DuplicateRace extends Error {}

export type IngestResult = {
  attendance: AttendanceRow;
  message: MessageRow;
  created: boolean;
  duplicate: boolean;
};

const preview = (text: string, attachments: unknown[] | undefined) =>
  (text.trim() || (attachments?.length ? '📎 Anexo' : '')).slice(0, 140);

/**
 * Stores one inbound message of any channel: finds or creates the contact and person, the open attendance
 * (a new one, with a new protocol, after closure) and the message, idempotently by the provider's message id.
 * Everything commits together before anyone is told, so nothing a customer sends is lost or stored twice.
 */
export async function ingestInbound(
  deps: Pick<AppDeps, 'db'>,
  input: {
    companyId: number;
    channel: { kind: TChannelKind; id: number; sectorId: number };
    contact: InboundContact;
    message: InboundMessage;
  },
): Promise<IngestResult> {
  try {
    return await ingestOnce(deps, input);
  } catch (err) {
    // The concurrent twin committed first; running again returns it as a duplicate.
    if (err instanceof DuplicateRace) return ingestOnce(deps, input);
    throw err;
  }
}

async function ingestOnce(
  deps: Pick<AppDeps, 'db'>,
  input: Parameters<typeof ingestInbound>[1],
): Promise<IngestResult> {
  const { companyId, channel, contact, message } = input;
  const messageId = `${channel.kind}:${channel.id}:${message.externalId}`;
  const result = await deps.db.transaction(async (tx) => {
    // A redelivered message is answered with what was stored, before anything else is touched.
    const [already] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.messageId, messageId)))
      .limit(1);
    if (already) {
      const [att] = await tx
        .select()
        .from(attendances)
        .where(and(eq(attendances.companyId, companyId), eq(attendances.id, already.attendanceId)));
      if (!att) throw new Error('attendance of a stored message vanished');
      return { attendance: att, message: already, created: false, duplicate: true };
    }
    const contactRow = await findOrCreateContact(tx, companyId, channel, contact);
    const { row: open, created } = await findOrOpenAttendance(tx, companyId, channel, contactRow);
    const [stored] = await tx
      .insert(messages)
      .values({
        companyId,
        attendanceId: open.id,
        messageId,
        text: message.text,
        senderType: 0,
        sentAt: message.sentAt,
        attachments: message.attachments ?? [],
        metadata: message.metadata ?? {},
        delivery: 'delivered',
      })
      .onConflictDoNothing()
      .returning();
    // Lost a race with the same message arriving twice at once: the other transaction stored it.
    if (!stored) throw new DuplicateRace();
    const [updated] = await tx
      .update(attendances)
      .set({
        unreadCount: sql`${attendances.unreadCount} + 1`,
        customerResponseCounter: sql`${attendances.customerResponseCounter} + 1`,
        lastMessageAt: stored.sentAt,
        lastMessagePreview: preview(stored.text, message.attachments),
        lastMessageSender: 0,
        latestContactChatMessageAt: stored.sentAt,
        busyClient: false,
        updatedAt: new Date(),
      })
      .where(and(eq(attendances.companyId, companyId), eq(attendances.id, open.id)))
      .returning();
    const facts = { companyId, attendanceId: open.id };
    await writeFacts(tx, [
      ...(created
        ? [
            {
              ...facts,
              name: 'attendance.opened' as const,
              data: { channel_id: channel.id, contact_id: contactRow.id, sector_id: open.sectorId },
            },
          ]
        : []),
      { ...facts, name: 'message.received', data: { message_id: stored.id } },
    ]);
    return { attendance: updated ?? open, message: stored, created, duplicate: false };
  });

  return result;
}

async function findOrCreateContact(
  tx: Tx,
  companyId: number,
  channel: { kind: TChannelKind; id: number },
  contact: InboundContact,
) {
  const key = and(
    eq(contacts.companyId, companyId),
    eq(contacts.kind, channel.kind),
    eq(contacts.channelId, channel.id),
    eq(contacts.externalId, contact.externalId),
  );
  const existing = await tx.select().from(contacts).where(key).limit(1);
  if (existing[0]) return existing[0];
  const [person] = await tx
    .insert(persons)
    .values({ companyId, name: contact.name })
    .returning({ id: persons.id });
  if (!person) throw new Error('person insert returned nothing');
  const [inserted] = await tx
    .insert(contacts)
    .values({
      companyId,
      personId: person.id,
      kind: channel.kind,
      channelId: channel.id,
      externalId: contact.externalId,
      name: contact.name,
      data: contact.data ?? {},
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  // Another transaction created it first.
  const [raced] = await tx.select().from(contacts).where(key).limit(1);
  if (!raced) throw new Error('contact vanished');
  return raced;
}

async function findOrOpenAttendance(
  tx: Tx,
  companyId: number,
  channel: { kind: TChannelKind; id: number; sectorId: number },
  contact: typeof contacts.$inferSelect,
): Promise<{ row: AttendanceRow; created: boolean }> {
  const openKey = and(
    eq(attendances.companyId, companyId),
    eq(attendances.contactId, contact.id),
    isNull(attendances.closedAt),
  );
  const existing = await tx.select().from(attendances).where(openKey).limit(1).for('update');
  if (existing[0]) return { row: existing[0], created: false };
  const n = await nextCounter(tx, companyId, 'protocol');
  const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const [created] = await tx
    .insert(attendances)
    .values({
      companyId,
      cardId: cardIdFor(channel.kind, channel.id, contact.externalId),
      protocol: `${today}${String(n).padStart(6, '0')}`,
      contactId: contact.id,
      personId: contact.personId,
      channelKind: channel.kind,
      channelId: channel.id,
      name: contact.name,
      sectorId: channel.sectorId,
      data: contact.data ?? {},
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { row: created, created: true };
  const [raced] = await tx.select().from(attendances).where(openKey).limit(1).for('update');
  if (!raced) throw new Error('attendance vanished');
  return { row: raced, created: false };
}
