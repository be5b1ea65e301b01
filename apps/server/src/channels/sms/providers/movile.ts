import type { DeliveryStatus } from '../../port';
import type { SmsProvider } from './types';
import { attempt, base, brokerCall, dateOf, digits, failureOf, obj, str } from './util';

// Movile (Sinch) SMS API: POST {base}/v1/send-sms with UserName and AuthenticationToken; MO callbacks carry
// source/messageText, delivery callbacks the id we were given and sentStatus/deliveredStatus.

export const movile: SmsProvider = {
  send: (http, account, m) =>
    attempt(async () => {
      const a = await brokerCall(http, `${base(account.baseUrl)}/v1/send-sms`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          UserName: account.username,
          AuthenticationToken: account.token,
        },
        body: JSON.stringify({ destination: m.to, messageText: m.text, correlationId: m.ourId }),
      });
      const id = str(obj(a.body).id);
      if (a.status >= 200 && a.status < 300 && id) return { state: 'sent', providerMessageId: id };
      return failureOf(a, str(obj(a.body).errorMessage) ?? '');
    }),
  parseInbound(_account, piece) {
    const e = obj(piece);
    const from = digits(e.source);
    const id = str(e.id);
    if (!from || !id || e.messageText === undefined) return [];
    return [{ from, id, text: str(e.messageText) ?? '', at: dateOf(e.receivedAt), medium: 'sms' }];
  },
  parseStatus(_account, piece) {
    const e = obj(piece);
    const id = str(e.id);
    if (!id || (e.sentStatus === undefined && e.deliveredStatus === undefined)) return [];
    const delivered = str(e.deliveredStatus);
    const sent = str(e.sentStatus);
    const at = dateOf(e.deliveredAt ?? e.sentAt);
    let s: DeliveryStatus | null = null;
    if (delivered === 'DELIVERED_SUCCESS') s = { externalId: id, state: 'delivered', at };
    else if (delivered && delivered !== 'DELIVERED_WAITING')
      s = { externalId: id, state: 'error', at, error: delivered };
    else if (sent === 'SENT_SUCCESS') s = { externalId: id, state: 'sent', at };
    else if (sent) s = { externalId: id, state: 'error', at, error: sent };
    return s ? [s] : [];
  },
};
