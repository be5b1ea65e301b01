import { createHash } from 'node:crypto';
import type { TGenericBroker } from '@prosa/shared/sms';
import type { DeliveryStatus } from '../../port';
import type { BrokerAccount, BrokerSend, SmsProvider } from './types';
import { attempt, brokerCall, dateOf, digits, failureOf, pathGet, str } from './util';

// A configurable HTTP broker (Classe A, Pontal, Best Use, PG): the channel writes the send call — method, URL,
// headers and a body template with {{to}}, {{message}} and {{id}}, JSON or form — and where the broker's answers
// and webhooks carry each value (dotted paths).

type Format = 'json' | 'form' | 'url';

const escapeFor = (value: string, format: Format) =>
  format === 'json' ? JSON.stringify(value).slice(1, -1) : encodeURIComponent(value);

/** The template with each placeholder replaced by its value, escaped for where it goes. */
export function fillTemplate(template: string, m: Pick<BrokerSend, 'to' | 'text' | 'ourId'>, format: Format) {
  const values: Record<string, string> = { to: m.to, message: m.text, id: m.ourId };
  return template.replace(/\{\{\s*(to|message|id)\s*\}\}/g, (_all, key: string) =>
    escapeFor(values[key] ?? '', format),
  );
}

/** "Nome: valor" lines as headers (blank and malformed lines ignored). */
export function parseHeaderLines(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const name = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    if (/^[A-Za-z0-9-]{1,100}$/.test(name) && value && !/[\r\n]/.test(value)) out[name] = value;
  }
  return out;
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

const cfg = (a: BrokerAccount): Partial<TGenericBroker> => a.generic ?? {};

export const generic: SmsProvider = {
  send: (http, account, m) =>
    attempt(async () => {
      const g = cfg(account);
      const url = fillTemplate(g.send_url ?? '', m, 'url');
      const method = g.method ?? 'POST';
      const format = g.body_format ?? 'json';
      const headers: Record<string, string> = { ...account.headers };
      let body: string | undefined;
      if (method === 'POST') {
        body = fillTemplate(g.body_template ?? '', m, format);
        headers['Content-Type'] ??=
          format === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
      }
      const a = await brokerCall(http, url, { method, headers, ...(body !== undefined ? { body } : {}) });
      const id = str(pathGet(a.body, g.response_id_path ?? ''));
      if (a.status >= 200 && a.status < 300) {
        // Without the broker's id no report could find the message: ours stands for it.
        return { state: 'sent', providerMessageId: id ?? m.ourId };
      }
      return failureOf(a, typeof a.body === 'string' ? a.body.slice(0, 200) : '');
    }),
  parseInbound(account, piece) {
    const g = cfg(account);
    const from = digits(pathGet(piece, g.inbound_from_path ?? ''));
    const text = pathGet(piece, g.inbound_text_path ?? '');
    if (!from || typeof text !== 'string') return [];
    // Without an id of the broker the body's hash stands for it: a redelivered body stores nothing twice.
    const id =
      str(pathGet(piece, g.inbound_id_path ?? '')) ??
      createHash('sha256').update(JSON.stringify(piece)).digest('base64url').slice(0, 32);
    return [{ from, id, text, at: new Date(), medium: 'sms' }];
  },
  parseStatus(account, piece) {
    const g = cfg(account);
    const id = str(pathGet(piece, g.status_id_path ?? ''));
    const value = str(pathGet(piece, g.status_value_path ?? ''))?.toLowerCase();
    if (!id || !value) return [];
    if (list(g.status_delivered).includes(value))
      return [{ externalId: id, state: 'delivered', at: new Date() }];
    if (list(g.status_failed).includes(value))
      return [{ externalId: id, state: 'error', at: new Date(), error: value }];
    return [{ externalId: id, state: 'sent', at: dateOf(null) }] satisfies DeliveryStatus[];
  },
};
