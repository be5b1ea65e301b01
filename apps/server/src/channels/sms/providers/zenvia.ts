import type { DeliveryStatus } from '../../port';
import type { BrokerInbound, SmsProvider } from './types';
import { arr, attempt, base, brokerCall, dateOf, digits, failureOf, obj, str } from './util';

// Zenvia API v2 (https://zenvia.github.io/zenvia-openapi-spec/v2/): POST {base}/v2/channels/{sms|whatsapp}/messages
// with X-API-TOKEN; webhooks (subscriptions) deliver MESSAGE (direction IN) and MESSAGE_STATUS events.

const STATE: Record<string, DeliveryStatus['state']> = {
  SENT: 'sent',
  DELIVERED: 'delivered',
  READ: 'read',
  NOT_DELIVERED: 'error',
  REJECTED: 'error',
};

export const zenvia: SmsProvider = {
  send: (http, account, m) =>
    attempt(async () => {
      const channel = m.medium === 'whatsapp' ? 'whatsapp' : 'sms';
      const from = m.medium === 'whatsapp' ? account.whatsappSender : account.sender;
      const a = await brokerCall(http, `${base(account.baseUrl)}/v2/channels/${channel}/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-TOKEN': account.token },
        body: JSON.stringify({ from, to: m.to, contents: [{ type: 'text', text: m.text }] }),
      });
      const id = str(obj(a.body).id);
      if (a.status >= 200 && a.status < 300 && id) return { state: 'sent', providerMessageId: id };
      return failureOf(a, str(obj(a.body).message) ?? '');
    }),
  parseInbound(_account, piece) {
    const e = obj(piece);
    const msg = obj(e.message);
    if (e.type !== 'MESSAGE' || msg.direction !== 'IN') return [];
    const from = digits(msg.from);
    const id = str(msg.id);
    if (!from || !id) return [];
    const text = arr(msg.contents)
      .map((c) => (obj(c).type === 'text' ? (str(obj(c).text) ?? '') : ''))
      .filter(Boolean)
      .join('\n');
    const medium = (msg.channel ?? e.channel) === 'whatsapp' ? 'whatsapp' : 'sms';
    return [{ from, id, text, at: dateOf(msg.timestamp ?? e.timestamp), medium } satisfies BrokerInbound];
  },
  parseStatus(_account, piece) {
    const e = obj(piece);
    if (e.type !== 'MESSAGE_STATUS') return [];
    const id = str(e.messageId);
    const st = obj(e.messageStatus);
    const state = STATE[str(st.code) ?? ''];
    if (!id || !state) return [];
    const s: DeliveryStatus = { externalId: id, state, at: dateOf(st.timestamp) };
    if (state === 'error') s.error = str(st.description) ?? str(st.code) ?? 'não entregue';
    return [s];
  },
};
