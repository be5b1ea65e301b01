import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local Google on loopback, speaking the OAuth 2.0 web server flow (GET /o/oauth2/v2/auth → redirect_uri with
// ?code&state at once, as if the user had consented; POST /token with authorization_code and refresh_token grants,
// the id_token naming the account's e-mail) and Calendar API v3 events (insert, patch, delete) with Bearer checks.
// It records every call and keeps the events per calendar.

export type GooglePeerEvent = {
  id: string;
  calendarId: string;
  summary: string;
  description: string;
  start: string;
  end: string;
};

export type GooglePeerCall = { method: string; path: string; authorization: string | null; body: unknown };

export type GooglePeer = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The e-mail of the account that consents. */
  email: string;
  /** The live events by id. */
  events: Map<string, GooglePeerEvent>;
  calls: GooglePeerCall[];
  /** Every access token handed out so far stops working (as if expired early or revoked): the API answers 401. */
  expireAccessTokens(): void;
  /** How long the next access tokens last, in seconds (default 3600). */
  setTokenLifetime(seconds: number): void;
  close(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;
const apiError = (code: number, message: string) => ({ error: { code, message } });

function idToken(email: string) {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ email, email_verified: true })}.`;
}

type EventInput = {
  summary?: string;
  description?: string;
  start?: { dateTime?: string };
  end?: { dateTime?: string };
};

export async function startGooglePeer(
  opts: { port?: number; email?: string; clientId?: string; clientSecret?: string } = {},
): Promise<GooglePeer> {
  const clientId = opts.clientId ?? `${randomBytes(6).toString('hex')}.apps.googleusercontent.com`;
  const clientSecret = opts.clientSecret ?? `GOCSPX-${randomBytes(8).toString('hex')}`;
  const email = opts.email ?? 'operador.agenda@gmail.com';
  const codes = new Map<string, { redirectUri: string; scope: string }>();
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  const events = new Map<string, GooglePeerEvent>();
  const calls: GooglePeerCall[] = [];
  let lifetime = 3600;

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== clientId || q.get('response_type') !== 'code' || !redirectUri)
      return send(res, 400, { error: 'invalid_request' });
    const code = token('4/code');
    codes.set(code, { redirectUri, scope: q.get('scope') ?? '' });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state') ?? '');
    back.searchParams.set('scope', q.get('scope') ?? '');
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function tokenGrant(form: Record<string, string>, res: ServerResponse) {
    if (form.client_id !== clientId || form.client_secret !== clientSecret)
      return send(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
    const access = token('ya29');
    if (form.grant_type === 'authorization_code') {
      const grant = codes.get(form.code ?? '');
      if (!grant || grant.redirectUri !== form.redirect_uri)
        return send(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      codes.delete(form.code ?? '');
      const refresh = token('1//refresh');
      refreshTokens.add(refresh);
      accessTokens.add(access);
      return send(res, 200, {
        access_token: access,
        expires_in: lifetime,
        refresh_token: refresh,
        scope: grant.scope,
        token_type: 'Bearer',
        id_token: idToken(email),
      });
    }
    if (form.grant_type === 'refresh_token') {
      if (!refreshTokens.has(form.refresh_token ?? ''))
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      accessTokens.add(access);
      return send(res, 200, { access_token: access, expires_in: lifetime, token_type: 'Bearer' });
    }
    return send(res, 400, { error: 'unsupported_grant_type' });
  }

  function calendar(
    method: string,
    path: string,
    auth: string | null,
    body: EventInput,
    res: ServerResponse,
  ) {
    if (!auth?.startsWith('Bearer ') || !accessTokens.has(auth.slice(7)))
      return send(res, 401, apiError(401, 'Request had invalid authentication credentials.'));
    const m = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    if (!m) return send(res, 404, apiError(404, 'Not Found'));
    const calendarId = decodeURIComponent(m[1] ?? '');
    const eventId = m[2] ? decodeURIComponent(m[2]) : null;
    if (method === 'POST' && !eventId) {
      if (!body.start?.dateTime || !body.end?.dateTime) return send(res, 400, apiError(400, 'Missing time'));
      const event: GooglePeerEvent = {
        id: randomBytes(10).toString('hex'),
        calendarId,
        summary: body.summary ?? '',
        description: body.description ?? '',
        start: body.start.dateTime,
        end: body.end.dateTime,
      };
      events.set(event.id, event);
      return send(res, 200, { kind: 'calendar#event', status: 'confirmed', ...event });
    }
    const event = eventId ? events.get(eventId) : undefined;
    if (!event || event.calendarId !== calendarId) return send(res, 404, apiError(404, 'Not Found'));
    if (method === 'PATCH') {
      if (body.summary !== undefined) event.summary = body.summary;
      if (body.description !== undefined) event.description = body.description;
      if (body.start?.dateTime) event.start = body.start.dateTime;
      if (body.end?.dateTime) event.end = body.end.dateTime;
      return send(res, 200, { kind: 'calendar#event', status: 'confirmed', ...event });
    }
    if (method === 'DELETE') {
      events.delete(event.id);
      return send(res, 204);
    }
    return send(res, 405, apiError(405, 'Method Not Allowed'));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://peer');
    const raw = await readBody(req);
    const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    let body: Record<string, unknown> = {};
    try {
      body = isForm ? Object.fromEntries(new URLSearchParams(raw)) : raw ? JSON.parse(raw) : {};
    } catch {
      return send(res, 400, apiError(400, 'Parse Error'));
    }
    const method = req.method ?? 'GET';
    const authorization = req.headers.authorization ?? null;
    calls.push({ method, path: url.pathname, authorization, body });
    if (method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return authorize(url, res);
    if (method === 'POST' && url.pathname === '/token')
      return tokenGrant(body as Record<string, string>, res);
    if (url.pathname.startsWith('/calendar/v3/'))
      return calendar(method, url.pathname, authorization, body as EventInput, res);
    return send(res, 404, apiError(404, 'Not Found'));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, apiError(500, 'peer error')));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    email,
    events,
    calls,
    expireAccessTokens: () => accessTokens.clear(),
    setTokenLifetime: (seconds) => {
      lifetime = seconds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
