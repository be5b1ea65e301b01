import { timingSafeEqual } from 'node:crypto';
import type { ChannelFinder, InboundContact, InboundParse, InboundRequest, OpenChannel } from '../port';
import type { BrokerAccount, SmsProvider } from './providers/types';

// What SMS and Smart channels share on the way in: the channel by the path's id, the per-channel secret (the
// token in the webhook's path, /api/webhooks/<kind>/<id>/<token>, or the X-Prosa-Token header for brokers that
// take headers) and the provider's pieces, one per contact.

export const SMS_TOKEN_HEADER = 'x-prosa-token';

export function resolveOf<C>(kind: 'sms' | 'smart') {
  return async (req: InboundRequest, find: ChannelFinder): Promise<OpenChannel<C> | null> => {
    if (req.channelId === null) return null;
    const ch = await find.byId(req.channelId);
    // An inactive channel is stopped: the broker's calls are refused (it keeps them and delivers again later).
    if (ch?.kind !== kind || ch.deletedAt !== null || !ch.active) return null;
    return ch as OpenChannel<C>;
  };
}

/** The path's token or the header equals the channel's webhook secret (compared in constant time). */
export function verifySecret(ch: OpenChannel, req: InboundRequest): boolean {
  const expected = ch.secrets.webhook_secret ?? '';
  const header = req.headers[SMS_TOKEN_HEADER];
  const given = req.query.token ?? (typeof header === 'string' ? header : undefined);
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const digitsOf = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' ? String(v).replace(/\D/g, '') : '';

/** The sender a broker's event names (Zenvia's message.from, Infobip's from, Movile's source); '' for reports. */
function senderOf(event: Record<string, unknown>): string {
  if (event.type === 'MESSAGE') return digitsOf(obj(event.message).from);
  return digitsOf(event.from ?? event.source);
}

/**
 * One piece per contact, without knowing the broker (the inbox splits before it loads the channel): a batch of
 * results (Infobip) becomes one piece per result; anything else is one piece. Splitting a piece again gives it
 * back, so the inbox may split what it stored.
 */
export function splitEvent(payload: unknown): { orderingKey: string; payload: unknown }[] {
  const p = obj(payload);
  const results = arr(p.results);
  if (results.length > 1)
    return results.map((r) => ({ orderingKey: senderOf(obj(r)), payload: { ...p, results: [r] } }));
  const one = results.length === 1 ? obj(results[0]) : p;
  return [{ orderingKey: senderOf(one), payload }];
}

/** The parse of one piece: the sender's messages (at most one contact per piece) and the delivery reports. */
export function parseWith(
  provider: SmsProvider,
  account: BrokerAccount,
  payload: unknown,
  contactOf: (from: string, text: string) => InboundContact,
): InboundParse {
  const event = payload;
  const inbound = provider.parseInbound(account, event);
  const first = inbound[0];
  const from = first?.from;
  return {
    contact: first && from ? contactOf(from, first.text) : null,
    messages: inbound
      .filter((m) => m.from === from)
      .map((m) => ({ externalId: m.id, text: m.text, sentAt: m.at, metadata: { medium: m.medium } })),
    statuses: provider.parseStatus(account, event),
    reactions: [],
  };
}
