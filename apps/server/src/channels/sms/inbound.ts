import { routeByConditionals, type TSmsConfig } from '@prosa/shared/sms';
import type { InboundParse, OpenChannel } from '../port';
import { smsAccount } from './account';
import { providerOf } from './providers/registry';
import { parseWith } from './webhook';

/**
 * What a broker's webhook says for an SMS channel: the sender's messages, with the sector the conditionals choose
 * by the text (used only when the message opens an attendance: the first message of a conversation), and the
 * delivery reports of our messages.
 */
export function parseSms(ch: OpenChannel<TSmsConfig>, payload: unknown): InboundParse {
  return parseWith(providerOf(ch.config.broker), smsAccount(ch), payload, (from, text) => {
    const sectorId = routeByConditionals(ch.config.conditionals, text);
    return { externalId: from, name: `+${from}`, data: { phone: from }, ...(sectorId ? { sectorId } : {}) };
  });
}
