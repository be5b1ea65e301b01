import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyFields, json, multipartOf, sendGraphError, tokenOf } from './http';
import { type GraphPeerState, type PeerPage, pageOfToken } from './state';

// The versioned Graph API endpoints the platform calls: /me/accounts (paged), a page's fields, subscribed_apps,
// the Send API, message_attachments and the user profile.

const MESSAGING_TYPES = new Set(['RESPONSE', 'UPDATE', 'MESSAGE_TAG']);
const ATTACHMENT_TYPES = new Set(['image', 'video', 'audio', 'file', 'template']);

const invalidToken = (res: ServerResponse) =>
  sendGraphError(res, {
    code: 190,
    type: 'OAuthException',
    message: 'Invalid OAuth access token - Cannot parse access token',
  });

/** GET /me/accounts?limit=&after=: the person's pages with their tokens, paged with cursors and next. */
function accounts(s: GraphPeerState, base: string, url: URL, token: string | null, res: ServerResponse) {
  if (!token || !s.userTokens.has(token)) return invalidToken(res);
  const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 25) || 25, 1), 100);
  const after = url.searchParams.get('after');
  const start = after ? Number(Buffer.from(after, 'base64url').toString()) + 1 : 0;
  const slice = s.pages.slice(start, start + limit);
  const cursor = (i: number) => Buffer.from(String(i)).toString('base64url');
  const hasMore = start + limit < s.pages.length;
  const next = new URL(`${base}${url.pathname}`);
  next.searchParams.set('access_token', token);
  next.searchParams.set('limit', String(limit));
  next.searchParams.set('after', cursor(start + slice.length - 1));
  json(res, 200, {
    data: slice.map((p) => ({
      access_token: p.accessToken,
      category: p.category ?? 'Empresa local',
      category_list: [{ id: '2500', name: p.category ?? 'Empresa local' }],
      name: p.name,
      id: p.id,
      tasks: ['ANALYZE', 'ADVERTISE', 'MESSAGING', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'],
    })),
    paging: {
      cursors: { before: cursor(start), after: cursor(start + Math.max(slice.length - 1, 0)) },
      ...(hasMore ? { next: next.toString() } : {}),
    },
  });
}

/** GET/POST/DELETE /{page}/subscribed_apps with the page's token. */
function subscribedApps(
  s: GraphPeerState,
  page: PeerPage,
  method: string,
  url: URL,
  fields: Record<string, unknown>,
  res: ServerResponse,
) {
  if (method === 'GET') {
    const subscribed = s.subscriptions.get(page.id);
    return json(res, 200, {
      data: subscribed
        ? [
            {
              category: 'Business',
              link: 'https://prosa.test',
              name: 'Prosa',
              id: s.appId,
              subscribed_fields: subscribed,
            },
          ]
        : [],
    });
  }
  if (method === 'DELETE') {
    s.subscriptions.delete(page.id);
    return json(res, 200, { success: true });
  }
  const raw = url.searchParams.get('subscribed_fields') ?? fields.subscribed_fields;
  const list = (Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(','))
    .map((f) => f.trim())
    .filter(Boolean);
  if (list.length === 0)
    return sendGraphError(res, { code: 100, message: '(#100) The parameter subscribed_fields is required.' });
  s.subscriptions.set(page.id, list);
  json(res, 200, { success: true });
}

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** POST /{sender}/messages: checks what Meta checks, then answers {recipient_id, message_id} (or the queued error). */
function sendApi(
  s: GraphPeerState,
  sender: string,
  page: PeerPage,
  token: string,
  body: Record<string, unknown>,
  res: ServerResponse,
) {
  const recipient = obj(body.recipient).id;
  const message = obj(body.message);
  const attachment = obj(message.attachment);
  const type = body.messaging_type;
  if (typeof recipient !== 'string' || !recipient)
    return sendGraphError(res, { code: 100, message: '(#100) The parameter recipient is required' });
  if (typeof type !== 'string' || !MESSAGING_TYPES.has(type))
    return sendGraphError(res, {
      code: 100,
      message: '(#100) Param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}',
    });
  if (type === 'MESSAGE_TAG' && typeof body.tag !== 'string')
    return sendGraphError(res, { code: 100, message: '(#100) Tag is required for MESSAGE_TAG' });
  const hasText = typeof message.text === 'string' && message.text.length > 0;
  const payload = obj(attachment.payload);
  const hasAttachment =
    ATTACHMENT_TYPES.has(String(attachment.type)) &&
    (typeof payload.url === 'string' || typeof payload.attachment_id === 'string');
  if (hasText === hasAttachment)
    return sendGraphError(res, { code: 100, message: '(#100) Must send either text or attachment' });
  if (hasText && String(message.text).length > 2000)
    return sendGraphError(res, {
      code: 100,
      message: '(#100) Length of param message[text] must be less than or equal to 2000',
    });
  if (typeof payload.attachment_id === 'string' && !s.uploads.some((u) => u.id === payload.attachment_id))
    return sendGraphError(res, { code: 100, message: '(#100) Invalid attachment_id' });
  const queued = s.sendErrors.shift();
  if (queued) return sendGraphError(res, queued);
  const mid = `m_${randomBytes(18).toString('base64url')}`;
  s.sends.push({ sender: sender === 'me' ? page.id : sender, token, body, mid, at: Date.now() });
  json(res, 200, { recipient_id: recipient, message_id: mid });
}

/** The page a sender names (a page id, its Instagram account id, or "me"), if the token is that page's. */
function senderPage(s: GraphPeerState, sender: string, token: string | null): PeerPage | null {
  const page = pageOfToken(s, token);
  if (!page) return null;
  return sender === 'me' || sender === page.id || sender === page.instagram?.id ? page : null;
}

/** GET /me: the person a user token belongs to (a page token names its page, as Meta does), else a 190. */
function me(s: GraphPeerState, token: string | null, res: ServerResponse) {
  if (token && s.userTokens.has(token)) return json(res, 200, { id: s.user.id, name: s.user.name });
  const page = pageOfToken(s, token);
  if (page) return json(res, 200, { id: page.id, name: page.name });
  return invalidToken(res);
}

export async function graphRoute(
  s: GraphPeerState,
  base: string,
  req: IncomingMessage,
  url: URL,
  parts: string[],
  raw: Buffer,
  res: ServerResponse,
) {
  const method = req.method ?? 'GET';
  const isMultipart = String(req.headers['content-type'] ?? '').includes('multipart/form-data');
  const fields = isMultipart ? {} : bodyFields(req, raw);
  const form = req.headers['content-type']?.includes('urlencoded')
    ? new URLSearchParams(raw.toString('utf8'))
    : null;
  const token = tokenOf(req, url, form);
  const [id, edge] = parts;
  if (!id) return sendGraphError(res, { code: 100, message: 'Unsupported request' });
  if (id === 'me' && edge === 'accounts' && method === 'GET') return accounts(s, base, url, token, res);
  if (id === 'me' && !edge && method === 'GET') return me(s, token, res);
  if (edge === 'messages' && method === 'POST') {
    const page = senderPage(s, id, token);
    if (!page || !token) return invalidToken(res);
    return sendApi(s, id, page, token, fields, res);
  }
  if (edge === 'message_attachments' && method === 'POST') {
    const page = senderPage(s, id, token);
    if (!page) return invalidToken(res);
    const data = await multipartOf(req, raw);
    const file = data.get('filedata');
    const message = obj(JSON.parse(String(data.get('message') ?? '{}')));
    if (!(file instanceof Blob))
      return sendGraphError(res, { code: 100, message: '(#100) Upload attachment failure.' });
    const upload = {
      id: `${Date.now()}${randomBytes(4).readUInt32BE()}`,
      sender: id === 'me' ? page.id : id,
      type: String(obj(message.attachment).type ?? ''),
      mimeType: file.type,
      name: file instanceof File ? file.name : 'file',
      data: Buffer.from(await file.arrayBuffer()),
    };
    s.uploads.push(upload);
    return json(res, 200, { attachment_id: upload.id });
  }
  const page = s.pages.find((p) => p.id === id);
  if (page && edge === 'subscribed_apps') {
    if (token !== page.accessToken) return invalidToken(res);
    return subscribedApps(s, page, method, url, fields, res);
  }
  if (page && !edge && method === 'GET') {
    if (token !== page.accessToken && !(token && s.userTokens.has(token))) return invalidToken(res);
    const wanted = url.searchParams.get('fields') ?? 'name,id';
    return json(res, 200, {
      id: page.id,
      ...(wanted.includes('name') ? { name: page.name } : {}),
      ...(wanted.includes('instagram_business_account') && page.instagram
        ? { instagram_business_account: { id: page.instagram.id, username: page.instagram.username } }
        : {}),
    });
  }
  const person = s.people.get(id);
  if (person && !edge && method === 'GET') {
    if (!pageOfToken(s, token)) return invalidToken(res);
    const wanted = (url.searchParams.get('fields') ?? 'first_name,last_name').split(',');
    const out: Record<string, unknown> = { id };
    for (const f of wanted) {
      const v = person[f as keyof typeof person];
      if (v !== undefined) out[f] = v;
    }
    return json(res, 200, out);
  }
  sendGraphError(res, {
    code: 100,
    subcode: 33,
    message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
  });
}
