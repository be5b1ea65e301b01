import type { TAttachmentRef, TStoredAttachment } from '@prosa/shared/attachments';
import { ATT_MSG } from '@prosa/shared/attendance';
import { capabilitiesOf, replyWindowOpen, truncateToChannel } from '@prosa/shared/channel-capabilities';
import { ROLE } from '@prosa/shared/roles';
import { WAENT_MSG } from '@prosa/shared/waent';
import { and, eq, sql } from 'drizzle-orm';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { presentMessage } from '../attachments/present';
import { verifyAttachmentRefs } from '../attachments/refs';
import { findCompany } from '../companies/repository';
import { refuseControlWords } from '../control-words/check-control-words';
import { handoverFacts } from './attendance-facts';
import { type QuotedInfo, toCard } from './card';
import { type DeliverDeps, deliverMessage } from './deliver-message';
import { loadForAction } from './load-for-action';
import { findMessagesByMessageIds } from './repository';
import { operatorMessageId, replayedSend } from './send-idempotency';
import { transferredError, whyNoLongerTheirs } from './transferred-away';
import { companyViewSettings } from './viewer';

const QUOTE_MAX_AGE_MS = 30 * 86_400_000;
const IFRAME = /<\s*iframe\b/i;

export type SendDeps = Pick<AppDeps, 'db' | 'appSecret' | 'storage' | 'config'> & DeliverDeps;

/**
 * An operator's message (spec 1 §7 "send message"): validated, truncated to the channel's limit, stored, the
 * card updated (answered, read, metrics), then handed to the channel. An unassigned card goes to the sender.
 */
export async function sendMessage(
  deps: SendDeps,
  caller: Caller,
  input: {
    attendanceId: number;
    message: string;
    replyMessage?: string;
    /** Uploaded files, as the upload answered them (signed references). */
    attachments?: TAttachmentRef[];
    /** Attachments already stored on a message (a forward). */
    storedAttachments?: TStoredAttachment[];
    /** The screen's id of this send: a retry with the same id is answered without sending twice. */
    client_id?: string;
    metadata?: Record<string, unknown>;
  },
) {
  const { attendance } = await loadForAction(deps, caller, input.attendanceId).catch(async (err: unknown) => {
    // A chat that went to another operator says so (spec 1 §5), not "not found".
    if (err instanceof AppError && err.httpStatus === 404)
      throw (await whyNoLongerTheirs(deps, caller, input.attendanceId)) ?? err;
    throw err;
  });
  const replayed = await replayedSend(deps, {
    companyId: caller.companyId,
    attendance,
    clientId: input.client_id,
  });
  if (replayed) return replayed;
  const attachments = [
    ...(input.storedAttachments ?? []),
    ...verifyAttachmentRefs(
      deps.appSecret,
      { kind: 'attendance', companyId: caller.companyId, attendanceId: attendance.id },
      input.attachments ?? [],
    ),
  ];
  let text = input.message;
  if (text.trim() === '' && attachments.length === 0) throw badRequest(ATT_MSG.empty);
  if (text.trim() === '' && attachments.length > 0) text = ATT_MSG.attachmentOnly;
  if (IFRAME.test(text)) throw badRequest(ATT_MSG.iframe);
  const capabilities = capabilitiesOf(attendance.channelKind);
  // Outside the channel's reply window (WhatsApp: 24 h after the contact's last message) only a template goes.
  if (!input.metadata?.template && !replyWindowOpen(capabilities, attendance.latestContactChatMessageAt))
    throw badRequest(WAENT_MSG.windowClosed);

  const company = await findCompany(deps.db, caller.companyId);
  const autoDist = company ? companyViewSettings(company.metadata).autoDist : false;
  if (
    caller.role < ROLE.manager &&
    attendance.operatorAssignedId !== null &&
    attendance.operatorAssignedId !== caller.userId &&
    autoDist
  ) {
    throw transferredError();
  }

  // Control words (spec 1 §5): a blocked message is logged and refused before anything is stored.
  await refuseControlWords(deps.db, caller, {
    attendanceId: attendance.id,
    text,
    metadata: company?.metadata,
  });

  text = truncateToChannel(capabilities, text);

  let quotedId: string | null = null;
  let quotedInfo: QuotedInfo = null;
  if (input.replyMessage) {
    const [quoted] = await findMessagesByMessageIds(deps.db, caller.companyId, [input.replyMessage]);
    if (quoted && quoted.attendanceId !== attendance.id) throw badRequest(ATT_MSG.quotedClosed);
    // A quote older than 30 days is sent without the quoted id (spec 1 §4).
    if (quoted && Date.now() - quoted.sentAt.getTime() <= QUOTE_MAX_AGE_MS) {
      quotedId = quoted.messageId;
      quotedInfo = {
        message_id: quoted.messageId,
        text: quoted.text,
        sender_type: quoted.senderType,
        expired: false,
      };
    }
  }

  const takeOver = attendance.operatorAssignedId === null && caller.role === ROLE.operator;
  const now = new Date();
  const result = await deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(messages)
      .values({
        companyId: caller.companyId,
        attendanceId: attendance.id,
        messageId: operatorMessageId(attendance.id, input.client_id),
        text,
        senderType: 1,
        operatorId: caller.userId,
        operatorName: caller.displayName,
        sentAt: now,
        quotedMessageId: quotedId,
        attachments,
        metadata: input.metadata ?? {},
        delivery: 'sending',
      })
      .returning();
    const [updated] = await tx
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
        ...(takeOver ? { operatorAssignedId: caller.userId, operatorAssignedName: caller.displayName } : {}),
      })
      .where(and(eq(attendances.companyId, caller.companyId), eq(attendances.id, attendance.id)))
      .returning();
    const [contact] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, caller.companyId), eq(contacts.id, attendance.contactId)));
    if (!stored || !updated || !contact) throw new Error('send: rows missing');
    await writeFacts(tx, [
      ...(await handoverFacts(tx, attendance, updated, { by: caller.userId, reason: 'take' })),
      {
        companyId: caller.companyId,
        attendanceId: attendance.id,
        actorUserId: caller.userId,
        name: 'message.sent',
        data: { message_id: stored.id, origin: 'operator' },
      },
    ]);
    return { stored, updated, contact };
  });

  const card = toCard(result.updated);

  const message = await deliverMessage(deps, {
    card,
    stored: result.stored,
    contact: result.contact,
    quoted: quotedInfo,
  });
  return { message: presentMessage(deps, message), card };
}
