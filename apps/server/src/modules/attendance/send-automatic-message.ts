import { randomUUID } from 'node:crypto';
import type { TMessageOrigin } from '@prosa/shared/facts';
import { and, eq } from 'drizzle-orm';
import { contacts, messages } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps } from '../../platform/deps';
import { type AttendanceRow, toCard, toMessage } from './card';
import { type DeliverDeps, deliverMessage } from './deliver-message';

export type AutomaticMessageDeps = DeliverDeps;

/**
 * A message the product sends on its own (SLA, poke, a finalization status's text): stored as sender_type 1,
 * announced, then handed to the attendance's channel like any outgoing message.
 */
export async function sendAutomaticMessage(
  deps: AutomaticMessageDeps,
  input: {
    attendance: AttendanceRow;
    text: string;
    /** Prefix of the message's own id (auto_, status_). */
    idPrefix: string;
    /** Why the product sends it (the `message.sent` fact). */
    origin: Exclude<TMessageOrigin, 'operator' | 'template'>;
    operator?: { id: number; name: string } | null;
    metadata?: Record<string, unknown>;
    now?: Date;
  },
) {
  const { attendance } = input;
  const stored = await deps.db.transaction(async (tx) => {
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
    if (row) {
      await writeFacts(tx, [
        {
          companyId: attendance.companyId,
          attendanceId: attendance.id,
          actorUserId: input.operator?.id ?? null,
          name: 'message.sent',
          data: { message_id: row.id, origin: input.origin },
        },
      ]);
    }
    return row;
  });
  const [contact] = await deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, attendance.companyId), eq(contacts.id, attendance.contactId)));
  if (!stored || !contact) return null;
  const card = toCard(attendance);
  deps.events.emit('message:created', { companyId: attendance.companyId, card, message: toMessage(stored) });
  return deliverMessage(deps, { card, stored, contact });
}
