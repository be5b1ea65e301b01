import type { ZActiveWawebInput } from '@prosa/shared/hsm';
import type { z } from '@prosa/shared/zod';
import { activeSends } from '../../db/schema/waent';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { presentMessage } from '../attachments/present';
import { toCard, toMessage } from '../attendance/card';
import { recordOutboundMessage } from '../attendance/record-outbound-message';
import { operatorMessageId } from '../attendance/send-idempotency';
import { assertChannelReady } from '../outbound/channel-readiness';
import { type OutboundDeps, sendNow } from '../outbound/send-outbound';
import { activeMediaAttachment } from './active-media';
import { activeRoute, activeTarget, assertMaySendActive } from './active-route';
import { openActiveAttendance, phoneRecipient } from './open-attendance';

type Input = z.output<typeof ZActiveWawebInput>;

/**
 * POST /create-active-whatsapp/{id} (spec 1 §3/§5/§7): a free-text message (and an optional file of the
 * upload) from a WhatsApp number by QR code. Opens (or reuses) the contact's `waweb_` attendance with the
 * responsible in the chosen sector, stores the message, which leaves through the durable outbound path like
 * any operator message (the number's session sends it), and counts the send for the day. A web number has no
 * 24-hour window.
 */
export async function createActiveWaweb(
  deps: OutboundDeps & Pick<AppDeps, 'config'>,
  caller: Caller,
  channelId: number,
  input: Input,
) {
  await assertMaySendActive(deps.db, caller);
  const phone = await activeTarget(deps.db, caller.companyId, input.ddi, input.phone, {
    prefix: 'waweb',
    channelId,
  });
  const channel = await deps.channelRepository.find(caller.companyId, channelId);
  if (channel?.kind !== 'waweb' || channel.deletedAt !== null || !channel.active) throw notFound();
  // A number nobody started, or one waiting for its QR, sends nothing until a person acts: refused now rather
  // than a conversation whose first message fails. A running one that is reconnecting sends when it is back.
  await assertChannelReady(deps, { companyId: caller.companyId, channelId: channel.id });
  const attachments = input.media
    ? [activeMediaAttachment(deps.appSecret, caller.companyId, input.media)]
    : [];
  const { sector, responsible } = await activeRoute(deps.db, caller, input);

  const { attendance, previous } = await openActiveAttendance(deps.db, {
    caller,
    channel,
    to: phoneRecipient(channel.id, phone.full, true),
    sectorId: sector.id,
    responsible,
  });
  const recorded = await deps.db.transaction((tx) =>
    recordOutboundMessage(tx, {
      attendance,
      origin: 'operator',
      text: input.message,
      messageId: operatorMessageId(attendance.id, undefined),
      operator: { id: caller.userId, name: caller.displayName },
      attachments,
      assign: { sectorId: sector.id, userId: responsible.id, userName: responsible.name },
      previous,
    }),
  );
  await deps.db.insert(activeSends).values({
    companyId: caller.companyId,
    userId: caller.userId,
    channelId: channel.id,
    attendanceId: attendance.id,
    phone: phone.full,
    templateId: null,
  });
  // Handed to the number after commit: the answer shows it sent, still waiting for the session, or failed.
  const stored = await sendNow(deps, recorded.message);
  const failed = stored.delivery === 'error';
  return {
    card: toCard(recorded.attendance),
    message: presentMessage(deps, toMessage(stored)),
    sent: !failed,
    error: failed ? stored.error : null,
  };
}
