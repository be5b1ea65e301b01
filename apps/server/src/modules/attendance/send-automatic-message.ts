import { randomUUID } from 'node:crypto';
import type { TMessageOrigin } from '@prosa/shared/facts';
import { and, eq } from 'drizzle-orm';
import { contacts, messages } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import { type AttendanceRow, type MessageRow, toCard } from './card';
import { type DeliverDeps, deliverMessage } from './deliver-message';

export type AutomaticMessageDeps = DeliverDeps;

export type AutomaticMessage = {
  attendance: AttendanceRow;
  text: string;
  /** Prefix of the message's own id (auto_, status_). */
  idPrefix: string;
  /** Why the product sends it (the `message.sent` fact). */
  origin: Exclude<TMessageOrigin, 'operator' | 'template'>;
  operator?: { id: number; name: string } | null;
  metadata?: Record<string, unknown>;
  now?: Date;
};

/**
 * Stores a message the product sends on its own (SLA, poke, a finalization status's text) as sender_type 1, with
 * its `message.sent` fact, in the caller's transaction: it commits with the change that caused it, or not at
 * all. Hand it to its channel after commit (deliverAutomaticMessage).
 */
export async function recordAutomaticMessage(tx: Tx, input: AutomaticMessage): Promise<MessageRow | null> {
  const { attendance } = input;
  const [row] = await tx
    .insert(messages)
    .values({
      companyId: attendance.companyId,
      attendanceId: attendance.id,
      messageId: `${input.idPrefix}${randomUUID()}`,
      text: input.text,
      senderType: 1,
      operatorId: input.operator?.id ?? null,
      operatorName: input.operator?.name ?? null,
      sentAt: input.now ?? new Date(),
      metadata: { automatic: true, ...input.metadata },
      delivery: 'sending',
    })
    .returning();
  if (!row) return null;
  await writeFacts(tx, [
    {
      companyId: attendance.companyId,
      attendanceId: attendance.id,
      actorUserId: input.operator?.id ?? null,
      name: 'message.sent',
      data: { message_id: row.id, origin: input.origin },
    },
  ]);
  return row;
}

/** Hands a recorded automatic message to the attendance's channel (after the commit that stored it). */
export async function deliverAutomaticMessage(
  deps: AutomaticMessageDeps,
  attendance: AttendanceRow,
  stored: MessageRow,
) {
  const [contact] = await deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, attendance.companyId), eq(contacts.id, attendance.contactId)));
  if (!contact) return null;
  return deliverMessage(deps, { card: toCard(attendance), stored, contact });
}

/** Records an automatic message in a transaction of its own, then hands it to the attendance's channel. */
export async function sendAutomaticMessage(deps: AutomaticMessageDeps, input: AutomaticMessage) {
  const stored = await deps.db.transaction((tx) => recordAutomaticMessage(tx, input));
  if (!stored) return null;
  return deliverAutomaticMessage(deps, input.attendance, stored);
}
