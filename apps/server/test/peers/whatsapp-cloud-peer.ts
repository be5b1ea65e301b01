import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local WhatsApp Cloud API (Graph API) on loopback, speaking its HTTP shapes: the messages endpoint
// answering wamids or Graph error objects, media upload/download, the WABA's template list with paging.
// Its client side delivers webhooks signed like Meta does (X-Hub-Signature-256 over the raw body).

export type PeerRequest = { method: string; path: string; authorized: boolean; body: unknown };
export type PeerSent = { wamid: string; to: string; type: string; body: Record<string, unknown> };
/** When the messages endpoint accepted a message (epoch ms, sub-millisecond), for rate measurements. */
export type PeerArrival = { at: number; wamid: string; to: string; text: string | null };
export type PeerUpload = { id: string; mimeType: string; name: string; data: Buffer };
export type PeerTemplate = {
  id?: string;
  name: string;
  language: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED' | string;
  category: 'UTILITY' | 'MARKETING' | 'AUTHENTICATION' | string;
  components: { type: string; format?: string; text?: string }[];
};

export const DEFAULT_TEMPLATES: PeerTemplate[] = [
  {
    name: 'boas_vindas',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Olá {{1}}, tudo bem? Aqui é da {{2}}.' }],
  },
  {
    name: 'pedido_enviado',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
      { type: 'BODY', text: 'Seu pedido {{1}} foi enviado e chega em {{2}} dias.' },
    ],
  },
  {
    name: 'promocao_mes',
    language: 'pt_BR',
    status: 'PENDING',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: 'Promoção do mês: {{1}}% de desconto!' },
    ],
  },
];

const newWamid = () => `wamid.${randomBytes(24).toString('base64url')}`;

// Ids handed out by the peers of this process: a sequence, so two of them are never equal by chance.
let idSeq = 0;
const nextId = () => `${Date.now()}${String(++idSeq).padStart(6, '0')}`;

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const graphError = (code: number, message: string, type = 'OAuthException') => ({
  error: { message, type, code, error_subcode: undefined, fbtrace_id: randomBytes(8).toString('hex') },
});

export async function startWhatsAppPeer(
  opts: {
    accessToken?: string;
    phoneNumberId?: string;
    wabaId?: string;
    templates?: PeerTemplate[];
    /** Page size of GET /{waba}/message_templates when the caller asks for more. */
    templatePageSize?: number;
    /**
     * The number's throughput (messages a second, Meta's 80 by default for a real number): more within any second
     * answers error 130429 (Rate limit hit). Unset: no limit.
     */
    throughput?: number;
    /** The code the number "receives" after request_code (the peer's rule; Meta sends a random one). */
    verificationCode?: string;
  } = {},
) {
  const accessToken = opts.accessToken ?? `EAAG${randomBytes(16).toString('hex')}`;
  // Random per run, with the sequence in the last digits: two peers of one process never share a number.
  const phoneNumberId =
    opts.phoneNumberId ?? String(100_000_000_000 + Math.floor(Math.random() * 1e5) * 1e6 + ++idSeq);
  const wabaId = opts.wabaId ?? String(200_000_000_000 + Math.floor(Math.random() * 1e5) * 1e6 + ++idSeq);
  const templates = (opts.templates ?? DEFAULT_TEMPLATES).map((t, i) => ({
    id: t.id ?? String(9000 + i),
    ...t,
  }));
  const pageSize = opts.templatePageSize ?? 2;
  const requests: PeerRequest[] = [];
  const sent: PeerSent[] = [];
  const arrivals: PeerArrival[] = [];
  const uploads: PeerUpload[] = [];
  const media = new Map<string, { data: Buffer; mimeType: string }>();
  // Where accepted messages' status webhooks go (as Meta delivers them to the app's callback), when set.
  let statusTarget: { url: string; appSecret: string; delivered: boolean } | null = null;
  const pendingStatuses: { wamid: string; to: string; ref: string | null }[] = [];
  let statusTimer: NodeJS.Timeout | null = null;
  const statusDeliveries: Promise<unknown>[] = [];
  // Recipients whose per-user marketing limit is reached: their messages fail with 131049 in the status.
  const marketingLimited = new Set<string>();
  const throttled: number[] = [];
  const failures: { status: 429 | 500 | 400; retryAfter?: number; code?: number }[] = [];
  // Number registration (request_code → verify_code → register): what was asked, and where the number stands.
  const verificationCode = opts.verificationCode ?? '123456';
  const codeRequests: { code_method: unknown; language: unknown }[] = [];
  const registrations: { messaging_product: unknown; pin: unknown }[] = [];
  const numberState = {
    code_verification_status: 'NOT_VERIFIED' as 'NOT_VERIFIED' | 'VERIFIED',
    platform_type: 'NOT_APPLICABLE' as 'NOT_APPLICABLE' | 'CLOUD_API' | 'ON_PREMISE',
  };
  let origin = '';

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    // Graph paths may carry a version prefix (/v19.0/...).
    const path = url.pathname.replace(/^\/v\d+\.\d+/, '');
    const raw = await readBody(req);
    const authorized = req.headers.authorization === `Bearer ${accessToken}`;
    const contentType = req.headers['content-type'] ?? '';
    let body: unknown = null;
    if (contentType.includes('application/json') && raw.length) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = raw.toString('utf8');
      }
    }
    requests.push({ method: req.method ?? '', path, authorized, body });
    if (!authorized) {
      return json(res, 401, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
    }
    const parts = path.split('/').filter(Boolean);

    // The bytes of a media item (the temporary URL GET /{media-id} answered).
    if (req.method === 'GET' && parts[0] === 'media-bytes' && parts[1]) {
      const item = media.get(parts[1]);
      if (!item) return json(res, 404, graphError(100, 'Unsupported get request.'));
      res.writeHead(200, { 'content-type': item.mimeType, 'content-length': String(item.data.length) });
      return res.end(item.data);
    }

    if (req.method === 'POST' && parts.length === 2 && parts[1] === 'messages') {
      if (parts[0] !== phoneNumberId) {
        return json(
          res,
          400,
          graphError(100, `Unsupported post request. Object with ID '${parts[0]}' does not exist`),
        );
      }
      const failure = failures.shift();
      if (failure) {
        if (failure.status === 429) {
          return json(
            res,
            429,
            graphError(failure.code ?? 130429, '(#130429) Rate limit hit', 'OAuthException'),
            { 'retry-after': String(failure.retryAfter ?? 1) },
          );
        }
        if (failure.status === 500)
          return json(res, 500, graphError(failure.code ?? 1, 'An unknown error occurred'));
        return json(res, 400, graphError(failure.code ?? 100, 'Invalid parameter'));
      }
      const b = (body ?? {}) as Record<string, unknown>;
      if (b.messaging_product !== 'whatsapp' || typeof b.to !== 'string' || typeof b.type !== 'string') {
        return json(res, 400, graphError(100, '(#100) Invalid parameter'));
      }
      if (opts.throughput) {
        // A sliding second: more than `throughput` accepted messages within 1,000 ms is refused.
        const now = performance.timeOrigin + performance.now();
        const recent = arrivals.length - arrivals.findLastIndex((a) => a.at <= now - 1000) - 1;
        if (recent >= opts.throughput) {
          throttled.push(now);
          return json(res, 429, graphError(130429, '(#130429) Rate limit hit', 'OAuthException'), {
            'retry-after': '1',
          });
        }
      }
      const wamid = newWamid();
      sent.push({ wamid, to: b.to, type: b.type, body: b });
      if (statusTarget) {
        const ref = typeof b.biz_opaque_callback_data === 'string' ? b.biz_opaque_callback_data : null;
        pendingStatuses.push({ wamid, to: b.to.replace(/\D/g, ''), ref });
        statusTimer ??= setTimeout(flushStatuses, 20);
      }
      const textBody = (b.text as { body?: unknown } | undefined)?.body;
      arrivals.push({
        at: performance.timeOrigin + performance.now(),
        wamid,
        to: b.to,
        text: typeof textBody === 'string' ? textBody : null,
      });
      return json(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: b.to, wa_id: b.to.replace(/\D/g, '') }],
        messages: [{ id: wamid, ...(b.type === 'template' ? { message_status: 'accepted' } : {}) }],
      });
    }

    if (req.method === 'POST' && parts.length === 2 && parts[1] === 'media') {
      const form = await new Request('http://peer/upload', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(raw),
      }).formData();
      const file = form.get('file');
      if (!(file instanceof Blob) || form.get('messaging_product') !== 'whatsapp') {
        return json(res, 400, graphError(100, '(#100) The parameter file is required.'));
      }
      const id = nextId();
      const data = Buffer.from(await file.arrayBuffer());
      const mimeType = String(form.get('type') ?? file.type);
      uploads.push({ id, mimeType, name: (file as File).name ?? 'file', data });
      media.set(id, { data, mimeType });
      return json(res, 200, { id });
    }

    if (
      req.method === 'GET' &&
      parts.length === 2 &&
      parts[0] === wabaId &&
      parts[1] === 'message_templates'
    ) {
      const limit = Math.min(Number(url.searchParams.get('limit') ?? pageSize) || pageSize, pageSize);
      const after = url.searchParams.get('after');
      const start = after ? Number(Buffer.from(after, 'base64url').toString()) : 0;
      const data = templates.slice(start, start + limit);
      const nextStart = start + limit;
      const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
      return json(res, 200, {
        data,
        paging: {
          cursors: { before: cursor(start), after: cursor(nextStart) },
          ...(nextStart < templates.length
            ? {
                next: `${origin}/v19.0/${wabaId}/message_templates?limit=${limit}&after=${cursor(nextStart)}`,
              }
            : {}),
        },
      });
    }

    if (parts[0] === phoneNumberId && req.method === 'POST' && parts.length === 2) {
      const b = (body ?? {}) as Record<string, unknown>;
      if (parts[1] === 'request_code') {
        if (b.code_method !== 'SMS' && b.code_method !== 'VOICE')
          return json(
            res,
            400,
            graphError(100, '(#100) Param code_method must be one of {SMS, VOICE}', 'OAuthException'),
          );
        codeRequests.push({ code_method: b.code_method, language: b.language });
        return json(res, 200, { success: true });
      }
      if (parts[1] === 'verify_code') {
        if (!codeRequests.length || b.code !== verificationCode)
          return json(res, 400, {
            error: {
              message: "(#136025) Code couldn't be verified, You have entered an incorrect code.",
              type: 'OAuthException',
              code: 136025,
              error_user_msg: 'O código informado está incorreto. Verifique e tente novamente.',
              fbtrace_id: randomBytes(8).toString('hex'),
            },
          });
        numberState.code_verification_status = 'VERIFIED';
        return json(res, 200, { success: true });
      }
      if (parts[1] === 'register') {
        if (b.messaging_product !== 'whatsapp' || typeof b.pin !== 'string' || !/^\d{6}$/.test(b.pin))
          return json(res, 400, graphError(100, '(#100) Invalid parameter', 'OAuthException'));
        registrations.push({ messaging_product: b.messaging_product, pin: b.pin });
        numberState.platform_type = 'CLOUD_API';
        return json(res, 200, { success: true });
      }
    }
    if (req.method === 'GET' && parts.length === 1 && parts[0] === phoneNumberId) {
      return json(res, 200, {
        id: phoneNumberId,
        display_phone_number: '+55 11 4000-1234',
        verified_name: 'Prosa',
        status: numberState.platform_type === 'CLOUD_API' ? 'CONNECTED' : 'PENDING',
        ...numberState,
      });
    }
    if (req.method === 'GET' && parts.length === 1 && parts[0]) {
      const item = media.get(parts[0]);
      if (!item) return json(res, 404, graphError(100, 'Unsupported get request.'));
      return json(res, 200, {
        url: `${origin}/media-bytes/${parts[0]}`,
        mime_type: item.mimeType,
        sha256: createHash('sha256').update(item.data).digest('hex'),
        file_size: item.data.length,
        id: parts[0],
        messaging_product: 'whatsapp',
      });
    }

    return json(res, 404, graphError(100, 'Unknown path components'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const build = webhookBuilders(phoneNumberId, wabaId);

  // Accepted messages' statuses, in webhooks of up to 50 statuses as Meta batches them: sent (and delivered),
  // or failed with 131049 for a recipient whose marketing limit is reached; each echoes biz_opaque_callback_data.
  function flushStatuses() {
    statusTimer = null;
    const target = statusTarget;
    if (!target) return;
    const batch = pendingStatuses.splice(0, pendingStatuses.length);
    for (let i = 0; i < batch.length; i += 50) {
      const part = batch.slice(i, i + 50);
      const statuses = part.flatMap((m) => {
        const one = (
          status: 'sent' | 'delivered' | 'failed',
          errors?: { code: number; title: string }[],
        ) => ({
          wamid: m.wamid,
          status,
          to: m.to,
          ...(m.ref ? { ref: m.ref } : {}),
          ...(errors ? { errors } : {}),
        });
        if (marketingLimited.has(m.to))
          return [
            one('failed', [
              {
                code: 131049,
                title: 'This message was not delivered to maintain healthy ecosystem engagement.',
              },
            ]),
          ];
        return target.delivered ? [one('sent'), one('delivered')] : [one('sent')];
      });
      const payload = build.statusPayload(statuses);
      statusDeliveries.push(
        deliverSigned(target.url, payload, target.appSecret).catch(() => {
          // The app was down: Meta retries later; so does this peer, once.
          pendingStatuses.push(...part);
          statusTimer ??= setTimeout(flushStatuses, 500);
        }),
      );
    }
  }

  async function deliverSigned(target: string, payload: unknown, appSecret: string) {
    const raw = Buffer.from(JSON.stringify(payload));
    const sig = createHmac('sha256', appSecret).update(raw).digest('hex');
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${sig}` },
      body: new Uint8Array(raw),
    });
    await res.text();
    if (!res.ok) throw new Error(`webhook ${res.status}`);
  }

  return {
    verificationCode,
    codeRequests,
    registrations,
    numberState,
    /** The Graph API base URL to configure on the channel. */
    url: `${origin}/v19.0`,
    origin,
    accessToken,
    phoneNumberId,
    wabaId,
    templates,
    requests,
    /** Messages the messages endpoint accepted (answered with a wamid). */
    sent,
    /** The same messages with the time each was accepted (benchmarks measure send rates with it). */
    arrivals,
    uploads,
    /** Calls refused with 130429 because the number's throughput was exceeded (when `throughput` is set). */
    throttled,
    /**
     * Sends each accepted message's status webhooks (sent, and delivered when asked) to `url`, signed with the
     * app secret, as Meta does; null stops.
     */
    sendStatusesTo(target: { url: string; appSecret: string; delivered?: boolean } | null) {
      statusTarget = target ? { ...target, delivered: target.delivered ?? false } : null;
    },
    /** Waits for the status webhooks sent so far to be answered. */
    async statusesSettled() {
      while (pendingStatuses.length > 0 || statusTimer) await new Promise((r) => setTimeout(r, 25));
      await Promise.allSettled(statusDeliveries);
    },
    /** Recipients (digits) whose per-user marketing message limit is reached (status failed, 131049). */
    marketingLimited,
    /** The next `n` calls to the messages endpoint fail with 429 (code 130429, Retry-After) or 500. */
    failNext(n: number, status: 429 | 500 | 400 = 500, o: { retryAfter?: number; code?: number } = {}) {
      for (let i = 0; i < n; i++) failures.push({ status, ...o });
    },
    /** A media item the customer sent: its id goes into an inbound message. */
    addMedia(data: Buffer, mimeType: string): string {
      const id = nextId();
      media.set(id, { data, mimeType });
      return id;
    },
    ...build,
    /** POSTs a webhook to our server, signed with the app secret (or wrongly, when asked). */
    async deliver(
      target: string,
      payload: unknown,
      o: { appSecret: string; badSignature?: boolean; noSignature?: boolean },
    ) {
      const raw = Buffer.from(JSON.stringify(payload));
      const sig = createHmac('sha256', o.badSignature ? `${o.appSecret}x` : o.appSecret)
        .update(raw)
        .digest('hex');
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(o.noSignature ? {} : { 'x-hub-signature-256': `sha256=${sig}` }),
        },
        body: new Uint8Array(raw),
      });
      const text = await res.text();
      return { status: res.status, text };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (statusTimer) clearTimeout(statusTimer);
        statusTimer = null;
        statusTarget = null;
        server.close(() => resolve());
      }),
  };
}

export type WhatsAppPeer = Awaited<ReturnType<typeof startWhatsAppPeer>>;

type Inbound = Record<string, unknown> & { id: string; from: string; type: string };

/** Builders of Cloud API webhook payloads for one number. */
export function webhookBuilders(phoneNumberId: string, wabaId: string) {
  const ts = () => String(Math.floor(Date.now() / 1000));
  const base = (from: string, type: string, extra: Record<string, unknown>, id = newWamid()): Inbound => ({
    from,
    id,
    timestamp: ts(),
    type,
    ...extra,
  });
  const envelope = (value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '5511999990000', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
  return {
    /** A webhook with the customer's messages (all from the same person). */
    messagesPayload(from: { waId: string; name: string }, msgs: Inbound[]) {
      return envelope({ contacts: [{ profile: { name: from.name }, wa_id: from.waId }], messages: msgs });
    },
    /** A webhook with delivery statuses of messages we sent. */
    statusPayload(
      statuses: {
        wamid: string;
        status: 'sent' | 'delivered' | 'read' | 'failed';
        to: string;
        /** biz_opaque_callback_data the message was sent with. */
        ref?: string;
        errors?: { code: number; title: string; message?: string }[];
      }[],
    ) {
      return envelope({
        statuses: statuses.map((s) => ({
          id: s.wamid,
          status: s.status,
          timestamp: ts(),
          recipient_id: s.to,
          ...(s.ref ? { biz_opaque_callback_data: s.ref } : {}),
          ...(s.status !== 'read' && s.status !== 'failed'
            ? {
                conversation: { id: randomBytes(8).toString('hex'), origin: { type: 'service' } },
                pricing: { billable: true, pricing_model: 'CBP', category: 'service' },
              }
            : {}),
          ...(s.errors
            ? { errors: s.errors.map((e) => ({ ...e, error_data: { details: e.message ?? e.title } })) }
            : {}),
        })),
      });
    },
    text: (from: string, body: string, id?: string) => base(from, 'text', { text: { body } }, id),
    media: (
      from: string,
      type: 'image' | 'video' | 'audio' | 'document' | 'sticker',
      mediaId: string,
      o: { mimeType: string; caption?: string; filename?: string },
    ) =>
      base(from, type, {
        [type]: {
          id: mediaId,
          mime_type: o.mimeType,
          sha256: 'x',
          ...(o.caption ? { caption: o.caption } : {}),
          ...(o.filename ? { filename: o.filename } : {}),
          ...(type === 'sticker' ? { animated: false } : {}),
          ...(type === 'audio' ? { voice: true } : {}),
        },
      }),
    location: (from: string, l: { latitude: number; longitude: number; name?: string; address?: string }) =>
      base(from, 'location', { location: l }),
    contacts: (from: string, people: { name: string; phone: string }[]) =>
      base(from, 'contacts', {
        contacts: people.map((p) => ({
          name: { formatted_name: p.name, first_name: p.name.split(' ')[0] },
          phones: [{ phone: p.phone, wa_id: p.phone.replace(/\D/g, ''), type: 'CELL' }],
        })),
      }),
    buttonReply: (from: string, id: string, title: string) =>
      base(from, 'interactive', { interactive: { type: 'button_reply', button_reply: { id, title } } }),
    listReply: (from: string, id: string, title: string) =>
      base(from, 'interactive', {
        interactive: { type: 'list_reply', list_reply: { id, title, description: '' } },
      }),
    button: (from: string, text: string, payload: string) =>
      base(from, 'button', { button: { text, payload } }),
    reaction: (from: string, messageId: string, emoji: string) =>
      base(from, 'reaction', { reaction: { message_id: messageId, emoji } }),
    unsupported: (from: string) =>
      base(from, 'unsupported', {
        errors: [{ code: 131051, title: 'Message type unknown', message: 'Message type unknown' }],
      }),
  };
}
