import type { TSmsConfig } from '@prosa/shared/sms';
import type { ChannelCtx, OpenChannel, OutboundSend, SendResult } from '../port';
import { smsAccount } from './account';
import { providerOf } from './providers/registry';

/** Our id of a message as brokers carry it (Infobip's messageId, Movile's correlationId, {{id}}). */
export const brokerIdOf = (messageId: number) => `prosa-${messageId}`;

/** One attempt at an SMS (text only; the core has cut it to the kind's 250 characters). */
export async function sendSms(
  ctx: ChannelCtx,
  ch: OpenChannel<TSmsConfig>,
  m: OutboundSend,
): Promise<SendResult> {
  const text = m.text.trim();
  if (!text) return { state: 'error', error: 'Mensagem vazia.' };
  return providerOf(ch.config.broker).send(ctx.outbound, smsAccount(ch), {
    to: m.to.externalId,
    text,
    ourId: m.reference ?? brokerIdOf(m.messageId),
    medium: 'sms',
  });
}
