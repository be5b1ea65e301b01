import { randomUUID } from 'node:crypto';
import { capabilitiesOf, replyWindowOpen } from '@prosa/shared/channel-capabilities';
import {
  pollOptions,
  pollQuestionText,
  type TPollAnswerOrder,
  type TPollMessageMeta,
} from '@prosa/shared/polls';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { pollRequests, polls } from '../../db/schema/automation';
import { hsmTemplates } from '../../db/schema/waent';
import type { Db, Tx } from '../../platform/db';
import type { AttendanceRow, MessageRow } from './card';
import { recordOutboundMessage } from './record-outbound-message';

// Spec 1 §5 "Status with a poll": finalizing with a status whose poll exists sends the poll first. Read here
// through the schema (the polls module reads the answers and imports this module's operations: no cycle).

export type FinalizationPoll = {
  id: number;
  question: string;
  answerOrder: TPollAnswerOrder;
  possibleAnswers: Record<string, unknown>;
  useExpirationTime: boolean;
  timeExpire: number | null;
  hsmId: number | null;
};

/** Web chat keeps the attendance open until the answer; every other kind is finalized at once. */
export const pollKeepsAttendanceOpen = (channelKind: string) => channelKind === 'web';

/** The status's poll when it still exists (not deleted) in the attendance's company. */
export async function findFinalizationPoll(
  db: Db | Tx,
  companyId: number,
  pollId: number | null,
): Promise<FinalizationPoll | null> {
  if (pollId === null) return null;
  const [row] = await db
    .select()
    .from(polls)
    .where(and(eq(polls.companyId, companyId), eq(polls.id, pollId), isNull(polls.deletedAt)));
  if (!row) return null;
  return {
    id: row.id,
    question: row.question,
    answerOrder: row.answerOrder === 'numbers' ? 'numbers' : 'letters',
    possibleAnswers: row.possibleAnswers,
    useExpirationTime: row.useExpirationTime,
    timeExpire: row.timeExpire,
    hsmId: row.hsmId,
  };
}

/** The poll's template (use_in_poll, visible to the company) as the Cloud API sends it, or null. */
async function pollTemplate(tx: Tx, companyId: number, hsmId: number | null) {
  if (hsmId === null) return null;
  const [t] = await tx
    .select()
    .from(hsmTemplates)
    .where(
      and(
        eq(hsmTemplates.id, hsmId),
        isNull(hsmTemplates.deletedAt),
        eq(hsmTemplates.useInPoll, true),
        sql`(${hsmTemplates.ownerCompanyId} = ${companyId} or exists (select 1 from hsm_template_companies hc
              where hc.template_id = ${hsmTemplates.id} and hc.company_id = ${companyId}))`,
      ),
    );
  if (!t) return null;
  return {
    id: t.id,
    text: t.template,
    payload: { name: t.elementName, language: { code: t.language } },
    meta: { id: t.id, name: t.name, element_name: t.elementName, params: [] as string[] },
  };
}

/**
 * Whether the poll can reach the customer now: within the channel's reply window the question goes as text;
 * outside it (WhatsApp Enterprise after 24 h) only the poll's template can, and without one nothing is sent.
 */
export async function canSendPoll(tx: Tx, attendance: AttendanceRow, poll: FinalizationPoll, now: Date) {
  if (replyWindowOpen(capabilitiesOf(attendance.channelKind), attendance.latestContactChatMessageAt, now))
    return true;
  return (await pollTemplate(tx, attendance.companyId, poll.hsmId)) !== null;
}

/**
 * Stores the poll for the contact in the caller's transaction: the pending request (the status and operator to
 * apply on web chat; the expiry when used) and the question as a message (origin 'poll', metadata.poll for the
 * widget's buttons) — or the poll's template outside the reply window. A pending poll of the contact from an
 * earlier attendance is given up (one pending per contact). Answers the message to queue after the commit.
 */
export async function recordPollRequest(
  tx: Tx,
  input: {
    attendance: AttendanceRow;
    poll: FinalizationPoll;
    statusId: number;
    operator: { id: number; name: string } | null;
    now: Date;
  },
): Promise<MessageRow> {
  const { attendance, poll, now } = input;
  await tx
    .update(pollRequests)
    .set({ state: 'expired' })
    .where(
      and(
        eq(pollRequests.companyId, attendance.companyId),
        eq(pollRequests.contactId, attendance.contactId),
        eq(pollRequests.state, 'pending'),
      ),
    );
  const windowOpen = replyWindowOpen(
    capabilitiesOf(attendance.channelKind),
    attendance.latestContactChatMessageAt,
    now,
  );
  const template = windowOpen ? null : await pollTemplate(tx, attendance.companyId, poll.hsmId);
  const [request] = await tx
    .insert(pollRequests)
    .values({
      companyId: attendance.companyId,
      pollId: poll.id,
      attendanceId: attendance.id,
      contactId: attendance.contactId,
      channelId: attendance.channelId,
      statusId: input.statusId,
      operatorId: input.operator?.id ?? null,
      operatorName: input.operator?.name ?? null,
      sectorId: attendance.sectorId,
      state: 'pending',
      askedAt: now,
      expiresAt:
        poll.useExpirationTime && poll.timeExpire ? new Date(now.getTime() + poll.timeExpire * 60_000) : null,
      data: { via: template ? 'hsm' : 'text', keep_open: pollKeepsAttendanceOpen(attendance.channelKind) },
    })
    .returning({ id: pollRequests.id });
  if (!request) throw new Error('poll request insert returned nothing');
  const meta: TPollMessageMeta = { request_id: request.id, options: pollOptions(poll.possibleAnswers) };
  const { message } = await recordOutboundMessage(tx, {
    attendance,
    origin: 'poll',
    text: template
      ? template.text
      : pollQuestionText({
          question: poll.question,
          answer_order: poll.answerOrder,
          possible_answers: poll.possibleAnswers,
        }),
    messageId: `poll_${randomUUID()}`,
    operator: null,
    metadata: {
      automatic: true,
      poll: meta,
      ...(template ? { hsm: template.meta, template: template.payload } : {}),
    },
    now,
  });
  await tx
    .update(pollRequests)
    .set({ data: sql`${pollRequests.data} || ${JSON.stringify({ message_id: message.id })}::jsonb` })
    .where(and(eq(pollRequests.companyId, attendance.companyId), eq(pollRequests.id, request.id)));
  return message;
}
