import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Local SMS brokers on loopback, speaking each API's request and response shapes: Zenvia v2
// (/v2/channels/{sms|whatsapp}/messages, X-API-TOKEN), Infobip (/sms/2/text/advanced and
// /whatsapp/1/message/text, Authorization: App <key>), Movile (/v1/send-sms, UserName + AuthenticationToken) and
// a generic broker (/generic/send, any body). The test side records what was sent, makes the next answers fail
// (429, 5xx, 4xx) and delivers each broker's inbound and status webhooks to our URL.

export type PeerSent = {
  broker: 'zenvia' | 'infobip' | 'movile' | 'generic';
  medium: 'sms' | 'whatsapp';
  to: string;
  from: string;
  text: string;
  /** The broker's id it answered. */
  id: string;
  /** Our id it was given (Infobip's messageId, Movile's correlationId, the generic {{id}}). */
  ourId: string | null;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
};

export type SmsPeer = {
  url: string;
  sent: PeerSent[];
  /** Credentials the peer accepts (others answer 401). */
  accept: { zenviaToken: string; infobipKey: string; movileUser: string; movileToken: string };
  /** The next sends answer these statuses (with a broker-like error body), in order. */
  failNext(...statuses: number[]): void;
  /** The next WhatsApp sends are refused for the number (4xx), in order. */
  refuseWhatsapp(times: number): void;
  /** POSTs a JSON body to our webhook URL; the status answered. */
  deliver(url: string, body: unknown, headers?: Record<string, string>): Promise<number>;
  stop(): Promise<void>;
};

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null ? (v as Obj) : {});

export async function startSmsPeer(): Promise<SmsPeer> {
  const sent: PeerSent[] = [];
  const failures: number[] = [];
  let whatsappRefusals = 0;
  const accept = {
    zenviaToken: 'zenvia-token-123',
    infobipKey: 'infobip-key-456',
    movileUser: 'movile-user',
    movileToken: 'movile-token-789',
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await read(req);
    const path = (req.url ?? '').split('?')[0] ?? '';
    let body: Obj = {};
    try {
      body = obj(JSON.parse(raw));
    } catch {
      body = Object.fromEntries(new URLSearchParams(raw));
    }
    const fail = failures.shift();
    if (fail !== undefined) {
      if (fail === 429) res.setHeader('Retry-After', '1');
      return json(res, fail, { code: 'ERROR', message: `falha ${fail}` });
    }
    const record = (p: Omit<PeerSent, 'headers' | 'raw'>) => {
      sent.push({ ...p, headers: req.headers, raw });
    };
    const zenvia = /^\/v2\/channels\/(sms|whatsapp)\/messages$/.exec(path);
    if (zenvia) {
      if (req.headers['x-api-token'] !== accept.zenviaToken)
        return json(res, 401, { code: 'UNAUTHORIZED', message: 'Invalid token' });
      const medium = zenvia[1] === 'whatsapp' ? 'whatsapp' : 'sms';
      if (medium === 'whatsapp' && whatsappRefusals > 0) {
        whatsappRefusals--;
        return json(res, 400, {
          code: 'VALIDATION_ERROR',
          message: 'Recipient is not a valid WhatsApp user',
        });
      }
      const contents = Array.isArray(body.contents) ? body.contents : [];
      const id = randomUUID();
      const text = String(obj(contents[0]).text ?? '');
      record({
        broker: 'zenvia',
        medium,
        to: String(body.to),
        from: String(body.from),
        text,
        id,
        ourId: null,
      });
      return json(res, 200, {
        id,
        from: body.from,
        to: body.to,
        direction: 'OUT',
        channel: medium,
        contents,
        timestamp: new Date().toISOString(),
      });
    }
    if (path === '/sms/2/text/advanced' || path === '/whatsapp/1/message/text') {
      if (req.headers.authorization !== `App ${accept.infobipKey}`)
        return json(res, 401, {
          requestError: { serviceException: { messageId: 'UNAUTHORIZED', text: 'Invalid login details' } },
        });
      if (path.startsWith('/whatsapp')) {
        if (whatsappRefusals > 0) {
          whatsappRefusals--;
          return json(res, 400, {
            requestError: { serviceException: { messageId: 'BAD_REQUEST', text: 'Not a WhatsApp number' } },
          });
        }
        const id = String(body.messageId ?? randomUUID());
        record({
          broker: 'infobip',
          medium: 'whatsapp',
          to: String(body.to),
          from: String(body.from),
          text: String(obj(body.content).text ?? ''),
          id,
          ourId: String(body.messageId ?? ''),
        });
        return json(res, 200, {
          to: body.to,
          messageCount: 1,
          messageId: id,
          status: { groupId: 1, groupName: 'PENDING', id: 7, name: 'PENDING_ENROUTE' },
        });
      }
      const m = obj(Array.isArray(body.messages) ? body.messages[0] : null);
      const dest = obj(Array.isArray(m.destinations) ? m.destinations[0] : null);
      const id = String(dest.messageId ?? randomUUID());
      record({
        broker: 'infobip',
        medium: 'sms',
        to: String(dest.to),
        from: String(m.from),
        text: String(m.text ?? ''),
        id,
        ourId: dest.messageId ? String(dest.messageId) : null,
      });
      return json(res, 200, {
        bulkId: randomUUID(),
        messages: [
          {
            to: dest.to,
            messageId: id,
            status: {
              groupId: 1,
              groupName: 'PENDING',
              id: 26,
              name: 'PENDING_ACCEPTED',
              description: 'Message sent to next instance',
            },
          },
        ],
      });
    }
    if (path === '/v1/send-sms') {
      if (
        req.headers.username !== accept.movileUser ||
        req.headers.authenticationtoken !== accept.movileToken
      )
        return json(res, 401, { errorCode: 401, errorMessage: 'Unauthorized' });
      const id = randomUUID();
      record({
        broker: 'movile',
        medium: 'sms',
        to: String(body.destination),
        from: '',
        text: String(body.messageText ?? ''),
        id,
        ourId: body.correlationId ? String(body.correlationId) : null,
      });
      return json(res, 200, { id, correlationId: body.correlationId });
    }
    if (path === '/generic/send') {
      const id = `g-${sent.length + 1}`;
      record({
        broker: 'generic',
        medium: 'sms',
        to: String(body.numero ?? body.to ?? ''),
        from: '',
        text: String(body.mensagem ?? body.message ?? ''),
        id,
        ourId: body.ref ? String(body.ref) : null,
      });
      return json(res, 200, { resultado: { protocolo: id } });
    }
    json(res, 404, { message: 'not found' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { message: 'peer failure' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    accept,
    failNext: (...statuses) => failures.push(...statuses),
    refuseWhatsapp: (times) => {
      whatsappRefusals += times;
    },
    async deliver(url, body, headers = {}) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      await res.text();
      return res.status;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
