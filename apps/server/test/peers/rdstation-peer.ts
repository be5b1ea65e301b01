import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local RD Station on loopback, speaking the shapes of its public APIs:
// - Marketing (api.rd.services): POST /auth/token (JSON; an authorization code used once, or a refresh token, each
//   use of which rotates it) and POST /platform/events?event_type=CONVERSION with a Bearer token.
// - CRM v2 (api.rd.services/crm/v2, OAuth2): POST /oauth2/token (form; grant_type authorization_code or
//   refresh_token) and POST /crm/v2/contacts, /crm/v2/deals with { data: … }.

export type RdPeerEvent = { path: string; authorization: string; body: Record<string, unknown> };

export type RdStationPeer = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** A fresh authorization code for the app (the "Client Code" a manager pastes), good for one exchange. */
  newCode(): string;
  /** The refresh token now valid (each refresh hands out a new one and retires the old). */
  currentRefreshToken(): string | null;
  /** How long the next access tokens last, in seconds (default 86400). */
  setTokenLifetime(seconds: number): void;
  /** Every access token handed out so far is refused from now on (401 on the next call). */
  revokeAccessTokens(): void;
  /** The next n event/contact/deal calls answer this status (e.g. 500, 400, 429). */
  failNext(n: number, status: number): void;
  /** Token requests: which grant and whether it was accepted. */
  tokenCalls: { grant: 'code' | 'refresh'; ok: boolean }[];
  /** Accepted events, contacts and deals, in order. */
  events: RdPeerEvent[];
  /** Every call to the events/CRM endpoints, accepted or not. */
  attempts: number;
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

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

export async function startRdStationPeer(opts: { port?: number } = {}): Promise<RdStationPeer> {
  const clientId = token('client');
  const clientSecret = token('secret');
  const codes = new Set<string>();
  const accessTokens = new Set<string>();
  let refreshToken: string | null = null;
  let lifetime = 86_400;
  let failing = { left: 0, status: 500 };
  const tokenCalls: RdStationPeer['tokenCalls'] = [];
  const events: RdPeerEvent[] = [];
  const state = { attempts: 0 };

  const issue = () => {
    const access = token('access');
    accessTokens.add(access);
    refreshToken = token('refresh');
    return { access_token: access, expires_in: lifetime, refresh_token: refreshToken };
  };

  function grant(res: ServerResponse, f: Record<string, string>, grantType: 'code' | 'refresh') {
    if (f.client_id !== clientId || f.client_secret !== clientSecret) {
      tokenCalls.push({ grant: grantType, ok: false });
      return send(res, 401, {
        errors: { error_type: 'ACCESS_DENIED', error_message: 'Wrong credentials provided.' },
      });
    }
    const ok =
      grantType === 'code' ? codes.delete(f.code ?? '') : !!refreshToken && f.refresh_token === refreshToken;
    tokenCalls.push({ grant: grantType, ok });
    if (!ok)
      return send(res, 400, {
        error: 'invalid_grant',
        error_description: 'The grant is invalid or expired.',
      });
    return send(res, 200, issue());
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://peer');
    const raw = await readBody(req);
    const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    let body: Record<string, unknown> = {};
    try {
      body = isForm ? Object.fromEntries(new URLSearchParams(raw)) : raw ? JSON.parse(raw) : {};
    } catch {
      return send(res, 400, { errors: [{ error_type: 'BAD_REQUEST', error_message: 'invalid json' }] });
    }
    const f = body as Record<string, string>;
    if (req.method === 'POST' && url.pathname === '/auth/token')
      return grant(res, f, f.code ? 'code' : 'refresh');
    if (req.method === 'POST' && url.pathname === '/oauth2/token') {
      if (f.grant_type !== 'authorization_code' && f.grant_type !== 'refresh_token')
        return send(res, 400, { error: 'unsupported_grant_type' });
      return grant(res, f, f.grant_type === 'authorization_code' ? 'code' : 'refresh');
    }
    const known =
      (url.pathname === '/platform/events' && url.searchParams.get('event_type') === 'CONVERSION') ||
      url.pathname === '/crm/v2/contacts' ||
      url.pathname === '/crm/v2/deals';
    if (req.method === 'POST' && known) {
      state.attempts++;
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ') || !accessTokens.has(auth.slice(7)))
        return send(res, 401, { errors: { error_type: 'UNAUTHORIZED', error_message: 'Invalid token.' } });
      if (failing.left > 0) {
        failing.left--;
        return send(res, failing.status, {
          errors: [{ error_type: 'FAILED', error_message: `falha ${failing.status}` }],
        });
      }
      events.push({ path: url.pathname, authorization: auth, body });
      if (url.pathname === '/platform/events') return send(res, 200, { event_uuid: token('event') });
      return send(res, 201, { data: { id: token('id') } });
    }
    return send(res, 404, { errors: [{ error_type: 'NOT_FOUND', error_message: 'not found' }] });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: 'peer' }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    clientSecret,
    newCode: () => {
      const code = token('code');
      codes.add(code);
      return code;
    },
    currentRefreshToken: () => refreshToken,
    setTokenLifetime: (s) => {
      lifetime = s;
    },
    revokeAccessTokens: () => accessTokens.clear(),
    failNext: (n, status) => {
      failing = { left: n, status };
    },
    tokenCalls,
    events,
    get attempts() {
      return state.attempts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
