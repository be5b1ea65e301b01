import { channelKey } from '@prosa/shared/contact-keys';
import { HSM_MSG } from '@prosa/shared/hsm';
import { MSG } from '@prosa/shared/messages';
import { ROLE } from '@prosa/shared/roles';
import { activeSmsNumber, SMS_MSG, type ZActiveSmsInput } from '@prosa/shared/sms';
import type { z } from '@prosa/shared/zod';
import type { Caller } from '../../platform/deps';
import { badRequest, forbidden } from '../../platform/errors';
import { activeRoute } from '../active-whatsapp/active-route';
import { isBlacklisted } from '../active-whatsapp/blacklist';
import { openActiveAttendance, phoneRecipient } from '../active-whatsapp/open-attendance';
import { presentMessage } from '../attachments/present';
import { toCard, toMessage } from '../attendance/card';
import { recordOutboundMessage } from '../attendance/record-outbound-message';
import { operatorMessageId } from '../attendance/send-idempotency';
import { loadViewer } from '../attendance/viewer';
import { type OutboundDeps, sendNow } from '../outbound/send-outbound';
import { listSectors } from '../sectors/repository';
import { activeSmsChannels } from './sms-channels';

type Input = z.output<typeof ZActiveSmsInput>;

/** Spec 1 §5: a manager cannot start active SMS (operators and admins can). */
export const maySendActiveSms = (caller: Caller) => caller.role !== ROLE.manager;

/** What the active SMS modal offers: the channels, the caller's sectors, and whether the caller may send. */
export async function activeSmsOptions(deps: Pick<OutboundDeps, 'db'>, caller: Caller) {
  const [channels, viewer, sectors] = await Promise.all([
    activeSmsChannels(deps.db, caller.companyId),
    loadViewer(deps.db, caller),
    listSectors(deps.db, caller.companyId),
  ]);
  return {
    allowed: maySendActiveSms(caller),
    channels,
    sectors: sectors.filter((s) => viewer.sectorIds.includes(s.id)).map((s) => ({ id: s.id, name: s.name })),
  };
}

/**
 * Active SMS (spec 1 §3, §5): opens (or reuses) the number's attendance on the channel — `sms_` on an SMS
 * channel, `smart_` on a Smart channel on SMS — in the chosen sector with the caller responsible, stores the
 * message (at most 160 characters) and sends it through the durable outbound path.
 */
export async function createActiveSms(deps: OutboundDeps, caller: Caller, input: Input) {
  if (!maySendActiveSms(caller)) throw forbidden(MSG.forbidden);
  const phone = activeSmsNumber(input.phone_number_ddi, input.phone_number);
  if (!phone) throw badRequest(SMS_MSG.invalidPhone);
  const offered = (await activeSmsChannels(deps.db, caller.companyId)).find(
    (c) => c.id === input.channel_id && c.is_new_channel === input.is_new_channel,
  );
  const channel = offered ? await deps.channelRepository.find(caller.companyId, offered.id) : null;
  if (!channel) throw badRequest(SMS_MSG.activeRequired);
  // Blocked on the SMS (or Smart) kind, on this channel or on all of them.
  const blockedOn = { prefix: channel.kind, channelId: channel.id, contact: channelKey(channel.kind, phone) };
  if (await isBlacklisted(deps.db, caller.companyId, blockedOn)) throw badRequest(HSM_MSG.blockedPhone);
  const { sector, responsible } = await activeRoute(deps.db, caller, { sector_id: input.sector_id });
  const { attendance, previous } = await openActiveAttendance(deps.db, {
    caller,
    channel,
    to: phoneRecipient(channel.id, phone, false),
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
      attachments: [],
      assign: { sectorId: sector.id, userId: responsible.id, userName: responsible.name },
      previous,
    }),
  );
  const stored = await sendNow(deps, recorded.message);
  const failed = stored.delivery === 'error';
  return {
    card: toCard(recorded.attendance),
    message: presentMessage(deps, toMessage(stored)),
    sent: !failed,
    error: failed ? stored.error : null,
  };
}
