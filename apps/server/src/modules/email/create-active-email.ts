import { randomUUID } from 'node:crypto';
import { emailKey } from '@prosa/shared/contact-keys';
import {
  EMAIL_MSG,
  RECIPIENT_FIELD,
  type TActiveEmailInput,
  type TActiveEmailResult,
} from '@prosa/shared/email';
import { senderDomain } from '../../channels/email/options';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { activeRoute } from '../active-whatsapp/active-route';
import { isBlacklisted } from '../active-whatsapp/blacklist';
import { openActiveAttendance } from '../active-whatsapp/open-attendance';
import { recordOutboundMessage } from '../attendance/record-outbound-message';
import { operatorMessageId } from '../attendance/send-idempotency';
import { type OutboundDeps, sendNow } from '../outbound/send-outbound';
import { verifyMailRefs } from './mail-upload';

/**
 * Active e-mail (spec 1 §3, §5, §7 "active e-mail create (by sector id)"): to, cc, bcc, subject, body and files
 * from one of the company's e-mail configs. Blocked recipients are refused naming their field (Para, Cópia,
 * Cópia Oculta). Opens (or reuses) the first recipient's em_ attendance in the chosen sector and sends through the
 * durable outbound path, so the recipient's reply joins the same card.
 */
export async function createActiveEmail(
  deps: OutboundDeps & Pick<AppDeps, 'config' | 'storage'>,
  caller: Caller,
  input: TActiveEmailInput,
): Promise<TActiveEmailResult> {
  const [first, ...others] = input.to;
  if (!first) throw badRequest(EMAIL_MSG.recipientRequired);
  const blocked: string[] = [];
  for (const field of ['to', 'cc', 'bcc'] as const)
    for (const address of input[field])
      if (
        await isBlacklisted(deps.db, caller.companyId, {
          prefix: 'em',
          channelId: input.email_config_id,
          contact: emailKey(address),
        })
      )
        blocked.push(EMAIL_MSG.recipientBlocked(RECIPIENT_FIELD[field], address));
  if (blocked.length > 0) throw badRequest(blocked.join(' '));
  const channel = await deps.channelRepository.find(caller.companyId, input.email_config_id);
  if (channel?.kind !== 'em' || channel.deletedAt !== null) throw notFound(EMAIL_MSG.notFound);
  const attachments = verifyMailRefs(
    deps.appSecret,
    { companyId: caller.companyId, userId: caller.userId },
    input.attachments,
  );
  const { sector, responsible } = await activeRoute(deps.db, caller, { sector_id: input.sector_id });
  // A new thread with the first recipient (the contact is the address): its first message's Message-ID names the
  // thread, so their reply (References) joins this attendance.
  const sender = (channel.config as { sender_address?: unknown }).sender_address;
  const threadKey = `prosa.${caller.companyId}.${randomUUID()}@${senderDomain(typeof sender === 'string' ? sender : '')}`;
  const { attendance, previous } = await openActiveAttendance(deps.db, {
    threadKey,
    caller,
    channel,
    to: {
      externalId: first,
      person: { emails: [first] },
      contactData: { email: first },
      attendanceData: { email: first, subject: input.subject, email_config_id: channel.id },
    },
    sectorId: sector.id,
    responsible,
  });
  const recorded = await deps.db.transaction((tx) =>
    recordOutboundMessage(tx, {
      attendance,
      origin: 'operator',
      text: input.body,
      messageId: operatorMessageId(attendance.id, undefined),
      operator: { id: caller.userId, name: caller.displayName },
      attachments,
      metadata: {
        email_out: {
          subject: input.subject,
          to: others,
          cc: input.cc,
          bcc: input.bcc,
          message_id: threadKey,
        },
      },
      assign: { sectorId: sector.id, userId: responsible.id, userName: responsible.name },
      previous,
    }),
  );
  const stored = await sendNow(deps, recorded.message);
  const failed = stored.delivery === 'error';
  return {
    attendance_id: recorded.attendance.id,
    sent: !failed,
    error: failed ? stored.error : null,
    message: failed ? (stored.error ?? EMAIL_MSG.checkError) : EMAIL_MSG.activeSent,
  };
}
