import type { TAttachmentRef, TStoredAttachment } from '@prosa/shared/attachments';
import { ATT_MSG } from '@prosa/shared/attendance';
import { capabilitiesOf, replyWindowOpen } from '@prosa/shared/channel-capabilities';
import type { TEmailReplyExtras } from '@prosa/shared/email';
import { featureFlagActive, withSenderName } from '@prosa/shared/feature-flags';
import { ROLE } from '@prosa/shared/roles';
import { WAENT_MSG } from '@prosa/shared/waent';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { presentMessage } from '../attachments/present';
import { verifyAttachmentRefs } from '../attachments/refs';
import { findCompany } from '../companies/repository';
import { refuseControlWords } from '../control-words/check-control-words';
import { assertChannelReady } from '../outbound/channel-readiness';
import { type OutboundDeps, sendNow } from '../outbound/send-outbound';
import { type QuotedInfo, toCard, toMessage } from './card';
import { loadForAction } from './load-for-action';
import { recordOutboundMessage } from './record-outbound-message';
import { findMessagesByMessageIds } from './repository';
import { operatorMessageId, replayedSend } from './send-idempotency';
import { transferredError, whyNoLongerTheirs } from './transferred-away';
import { companyViewSettings } from './viewer';

const QUOTE_MAX_AGE_MS = 30 * 86_400_000;
const IFRAME = /<\s*iframe\b/i;

export type SendDeps = Pick<AppDeps, 'db' | 'appSecret' | 'storage' | 'config'> & OutboundDeps;

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
    /** An em_ card's reply: subject, cc, bcc (kept as metadata.email_out for the adapter). */
    email?: TEmailReplyExtras;
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
    throw badRequest(capabilities.replyWindow?.closedText ?? WAENT_MSG.windowClosed);
  await assertChannelReady(deps, { companyId: caller.companyId, channelId: attendance.channelId });

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

  // Feature flag send_username: chat channels (not e-mail, not templates) get the operator's name in bold first.
  const allow = company?.metadata.allow as Record<string, unknown> | undefined;
  if (featureFlagActive('send_username', allow) && !capabilities.subject && !input.metadata?.template)
    text = withSenderName(caller.displayName, text);

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
  const recorded = await deps.db.transaction((tx) =>
    recordOutboundMessage(tx, {
      attendance,
      origin: 'operator',
      text,
      messageId: operatorMessageId(attendance.id, input.client_id),
      operator: { id: caller.userId, name: caller.displayName },
      attachments,
      metadata: {
        ...(input.metadata ?? {}),
        ...(input.email && capabilities.subject ? { email_out: input.email } : {}),
      },
      quotedMessageId: quotedId,
      ...(takeOver ? { assign: { userId: caller.userId, userName: caller.displayName } } : {}),
    }),
  );
  // Handed to the channel after commit: the answer shows it sent (or Error) as the provider answered.
  const message = toMessage(await sendNow(deps, recorded.message), quotedInfo);
  return { message: presentMessage(deps, message), card: toCard(recorded.attendance) };
}
