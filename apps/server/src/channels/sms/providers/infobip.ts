import type { DeliveryStatus } from '../../port';
import type { BrokerInbound, SmsProvider } from './types';
import { arr, attempt, base, brokerCall, dateOf, digits, failureOf, obj, str } from './util';

// Infobip (https://www.infobip.com/docs/api): SMS by POST {base}/sms/2/text/advanced, WhatsApp text by
// POST {base}/whatsapp/1/message/text, "Authorization: App <key>"; forwarded inbound messages and delivery
// reports come as {"results":[…]}.

const FAILED = new Set(['UNDELIVERABLE', 'REJECTED', 'EXPIRED']);

function statusOf(r: Record<string, unknown>): DeliveryStatus | null {
  const id = str(r.messageId);
  const st = obj(r.status);
  const group = str(st.groupName);
  if (!id || !group) return null;
  const at = dateOf(r.doneAt ?? r.sentAt);
  if (FAILED.has(group)) {
    const err = obj(r.error);
    return { externalId: id, state: 'error', at, error: str(err.description) ?? str(st.name) ?? group };
  }
  if (group === 'DELIVERED') return { externalId: id, state: 'delivered', at };
  if (group === 'PENDING') return { externalId: id, state: 'sent', at };
  return null;
}

export const infobip: SmsProvider = {
  send: (http, account, m) =>
    attempt(async () => {
      const headers = {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `App ${account.token}`,
      };
      const whatsapp = m.medium === 'whatsapp';
      const a = whatsapp
        ? await brokerCall(http, `${base(account.baseUrl)}/whatsapp/1/message/text`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              from: account.whatsappSender,
              to: m.to,
              messageId: m.ourId,
              content: { text: m.text },
            }),
          })
        : await brokerCall(http, `${base(account.baseUrl)}/sms/2/text/advanced`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              messages: [
                { destinations: [{ to: m.to, messageId: m.ourId }], from: account.sender, text: m.text },
              ],
            }),
          });
      const body = obj(a.body);
      const first = whatsapp ? body : obj(arr(body.messages)[0]);
      const id = str(first.messageId);
      const group = str(obj(first.status).groupName);
      if (a.status >= 200 && a.status < 300 && id) {
        if (group && FAILED.has(group))
          return { state: 'error', error: str(obj(first.status).description) ?? group };
        return { state: 'sent', providerMessageId: id };
      }
      const detail = str(obj(obj(obj(body.requestError).serviceException)).text) ?? '';
      return failureOf(a, detail);
    }),
  parseInbound(_account, piece) {
    const out: BrokerInbound[] = [];
    for (const raw of arr(obj(piece).results)) {
      const r = obj(raw);
      // Inbound results name the sender; delivery reports do not.
      if (r.from === undefined || r.status !== undefined) continue;
      const from = digits(r.from);
      const id = str(r.messageId);
      if (!from || !id) continue;
      const whatsapp = r.integrationType === 'WHATSAPP';
      const text = whatsapp ? (str(obj(r.message).text) ?? '') : (str(r.text) ?? str(r.cleanText) ?? '');
      out.push({ from, id, text, at: dateOf(r.receivedAt), medium: whatsapp ? 'whatsapp' : 'sms' });
    }
    return out;
  },
  parseStatus(_account, piece) {
    const out: DeliveryStatus[] = [];
    for (const raw of arr(obj(piece).results)) {
      const s = statusOf(obj(raw));
      if (s) out.push(s);
    }
    return out;
  },
};
