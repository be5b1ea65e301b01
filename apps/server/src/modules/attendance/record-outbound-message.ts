import { attendanceTextLimit, truncateToChannel } from '@prosa/shared/channel-capabilities';
import type { TFactInput, TMessageOrigin } from '@prosa/shared/facts';
import { and, eq, sql } from 'drizzle-orm';
import { attendances, messages } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import { handoverFacts, type Route } from './attendance-facts';
import type { AttendanceRow, MessageRow } from './card';

/** How long a stored message may wait for its channel before it is given up (Error "Prazo de envio esgotado."). */
export const SEND_DEADLINE_MS = 15 * 60_000;

export type OutboundMessage = {
  attendance: AttendanceRow;
  /** Why it is sent: an operator's answer or template, or the product on its own (sla, poke, status). */
  origin: TMessageOrigin;
  text: string;
  /** Our id of the message (op_…, hsm:…, auto_…, status_…). */
  messageId: string;
  operator: { id: number; name: string } | null;
  attachments?: unknown[];
  metadata?: Record<string, unknown>;
  quotedMessageId?: string | null;
  now?: Date;
  /** Operator and template messages: who holds the attendance after it (a take-over, an active send). */
  assign?: { sectorId?: number; userId: number; userName: string };
  /** Where the attendance was before this send, when not `attendance` itself (an active send to an open one). */
  previous?: Route | null;
};

export type RecordedOutbound = { message: MessageRow; attendance: AttendanceRow };

const answers = (origin: TMessageOrigin) => origin === 'operator' || origin === 'template';

/**
 * The one insert of an outgoing message, in the caller's transaction (it commits with the change that caused
 * it, or not at all): the text cut to the channel's limit, `delivery 'sending'` with its send deadline; an
 * operator's or template message also answers the card (answered, read, response time, the sender takes an
 * unassigned card); then its facts (`message.sent`, and the change of hands). Sending it is the job's
 * (modules/outbound), after commit.
 */
export async function recordOutboundMessage(tx: Tx, input: OutboundMessage): Promise<RecordedOutbound> {
  const { attendance } = input;
  const now = input.now ?? new Date();
  const text = truncateToChannel(attendanceTextLimit(attendance.channelKind, attendance.data), input.text);
  const [message] = await tx
    .insert(messages)
    .values({
      companyId: attendance.companyId,
      attendanceId: attendance.id,
      messageId: input.messageId,
      text,
      senderType: 1,
      operatorId: input.operator?.id ?? null,
      operatorName: input.operator?.name ?? null,
      sentAt: now,
      quotedMessageId: input.quotedMessageId ?? null,
      attachments: input.attachments ?? [],
      metadata: input.metadata ?? {},
      delivery: 'sending',
      sendDeadline: new Date(now.getTime() + SEND_DEADLINE_MS),
    })
    .returning();
  if (!message) throw new Error('outbound: message insert returned nothing');

  let updated = attendance;
  const facts: TFactInput[] = [];
  if (answers(input.origin)) {
    const [row] = await tx
      .update(attendances)
      .set({
        answered: true,
        unreadCount: 0,
        lastMessageAt: now,
        lastMessagePreview: text.slice(0, 140),
        lastMessageSender: 1,
        latestOperatorAnswerAt: now,
        firstOperatorAnswerAt: sql`coalesce(${attendances.firstOperatorAnswerAt}, ${now})`,
        responseTime: sql`coalesce(${attendances.responseTime}, extract(epoch from (${now}::timestamptz - ${attendances.firstStartChatAt}))::int)`,
        busyClient: false,
        outOfSla: false,
        updatedAt: now,
        ...(input.assign
          ? {
              ...(input.assign.sectorId !== undefined ? { sectorId: input.assign.sectorId } : {}),
              operatorAssignedId: input.assign.userId,
              operatorAssignedName: input.assign.userName,
            }
          : {}),
      })
      .where(and(eq(attendances.companyId, attendance.companyId), eq(attendances.id, attendance.id)))
      .returning();
    if (!row) throw new Error('outbound: attendance missing');
    updated = row;
    facts.push(
      ...(await handoverFacts(tx, input.previous ?? attendance, row, {
        by: input.operator?.id ?? null,
        reason: input.origin === 'template' ? 'active' : 'take',
      })),
    );
  }
  facts.push({
    companyId: attendance.companyId,
    attendanceId: attendance.id,
    actorUserId: input.operator?.id ?? null,
    name: 'message.sent',
    data: { message_id: message.id, origin: input.origin },
  });
  await writeFacts(tx, facts);
  return { message, attendance: updated };
}
