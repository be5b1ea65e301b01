import { SMART_TEXT_MAX, type TSmartConfig } from '@prosa/shared/smart';
import type { ChannelCtx, OpenChannel, OutboundSend, SendResult } from '../port';
import { providerOf } from '../sms/providers/registry';
import { brokerIdOf } from '../sms/send';
import { smartAccount } from './account';

/** A text cut to a medium's limit, never inside a surrogate pair. */
export function cutTo(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * One attempt at a Smart message: by the channel's medium (the text cut to 250 on SMS; the core cut it to the
 * kind's 4096). hasTranshipment: when the gateway refuses the WhatsApp message for the number (an answer, not a
 * "try again" nor a lost call), the same text goes by SMS, cut to 250.
 */
export async function sendSmart(
  ctx: ChannelCtx,
  ch: OpenChannel<TSmartConfig>,
  m: OutboundSend,
): Promise<SendResult> {
  const text = m.text.trim();
  if (!text) return { state: 'error', error: 'Mensagem vazia.' };
  const provider = providerOf(ch.config.gateway);
  const account = smartAccount(ch);
  const medium = ch.config.medium;
  const base = { to: m.to.externalId, ourId: brokerIdOf(m.messageId) };
  const first = await provider.send(ctx.outbound, account, {
    ...base,
    text: cutTo(text, SMART_TEXT_MAX[medium]),
    medium,
  });
  if (medium !== 'whatsapp' || !ch.config.has_transhipment) return first;
  if (first.state !== 'error' || first.unknownOutcome) return first;
  const bySms = await provider.send(ctx.outbound, account, {
    ...base,
    ourId: `${base.ourId}-sms`,
    text: cutTo(text, SMART_TEXT_MAX.sms),
    medium: 'sms',
  });
  if (bySms.state === 'error') return { ...bySms, error: `WhatsApp: ${first.error}; SMS: ${bySms.error}` };
  return bySms;
}
