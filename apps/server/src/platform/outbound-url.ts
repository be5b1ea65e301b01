import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { ERROR_CODE } from '@prosa/shared/messages';
import { OUTBOUND_ERROR_CODE, OUTBOUND_MSG } from '@prosa/shared/outbound';
import ipaddr from 'ipaddr.js';
import { AppError } from './errors';

// The outbound-URL guard: every URL the server calls on a user's behalf (provider APIs, media, later webhooks,
// brokers, integrations) goes through guardedFetch. https only, public addresses only, checked on the
// addresses the connection is then pinned to (no second DNS answer between check and connect), redirects
// re-checked hop by hop. Hosts in OUTBOUND_ALLOWED_HOSTS may be http and private (tests, on-premise brokers).

/** An OUTBOUND_ALLOWED_HOSTS entry: a host (any port) or host:port. */
export type AllowedHost = { host: string; port: number | null };
export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to every address it has (tests hand in their own). */
export type OutboundLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export type OutboundPolicy = {
  allowedHosts: readonly AllowedHost[];
  lookup?: OutboundLookup;
  /** Where the network detail of a refusal or failure goes (the server log); the user never sees it. */
  log?: (detail: string) => void;
};

export type GuardedFetchOptions = {
  /** Lets http:// reach public addresses (private ones stay refused). */
  allowHttp?: boolean;
  maxRedirects?: number;
  /** Used when init.signal is not given. */
  timeoutMs?: number;
};

/** The one error a caller (and the user) sees: a stable code and a generic Portuguese message. */
export class OutboundError extends AppError {
  constructor(readonly detail: string) {
    super(OUTBOUND_ERROR_CODE, OUTBOUND_MSG.unreachable, 502);
    this.name = 'OutboundError';
  }
}

/** A refusal by the rules, with its reason for the log. */
class Refusal extends Error {}

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse('2000::');

/**
 * Whether an address is one the server may call for a user: public unicast only. Loopback, private, link-local
 * (metadata 169.254.169.254), CGNAT, 0.0.0.0/8, multicast, broadcast, reserved and documentation ranges,
 * unique-local and link-local IPv6, and IPv4-mapped or translated IPv6 of those are refused.
 */
export function isPublicAddress(ip: string): boolean {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(ip);
  } catch {
    return false;
  }
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
    // Global unicast (2000::/3) outside every special range; NAT64, 6to4 and Teredo embed IPv4: refused.
    return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6, 3);
  }
  return addr.range() === 'unicast';
}

/** The host of a URL as compared and connected: no IPv6 brackets, no trailing dot. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

function splitHostPort(entry: string): [string, string | undefined] {
  const bracketed = /^\[([^\]]*)\](?::(.*))?$/.exec(entry);
  if (bracketed) return [bracketed[1] ?? '', bracketed[2]];
  // More than one colon: a bare IPv6 address, without a port.
  if ((entry.match(/:/g) ?? []).length > 1) return [entry, undefined];
  const [host = '', port] = entry.split(':');
  return [host, port];
}

/** Parses OUTBOUND_ALLOWED_HOSTS ("host,host:port,[::1]:8080"); throws on a malformed entry. */
export function parseAllowedHosts(value: string | undefined): AllowedHost[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [rawHost, rawPort] = splitHostPort(entry);
      if (rawPort !== undefined && !/^\d{1,5}$/.test(rawPort))
        throw new Error(`porta inválida em "${entry}"`);
      const port = rawPort === undefined ? null : Number(rawPort);
      let host = '';
      try {
        if (!rawHost || /[\s/@?#\\]/.test(rawHost)) throw new Error();
        host = hostOf(new URL(`http://${rawHost.includes(':') ? `[${rawHost}]` : rawHost}`));
      } catch {
        throw new Error(`entrada inválida "${entry}" (use host ou host:porta, separados por vírgula)`);
      }
      if (port !== null && (port < 1 || port > 65535)) throw new Error(`porta inválida em "${entry}"`);
      return { host, port };
    });
}

type Target = { url: URL; host: string; port: number; allowListed: boolean };

/** The rules that need no network: scheme, credentials, allow list, literal addresses. */
function checkUrl(raw: string | URL, policy: OutboundPolicy, opts: GuardedFetchOptions): Target {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new Refusal('URL inválida');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Refusal(`esquema ${url.protocol}`);
  if (url.username || url.password) throw new Refusal('URL com usuário/senha');
  const host = hostOf(url);
  if (!host) throw new Refusal('URL sem host');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const allowListed = policy.allowedHosts.some(
    (a) => a.host === host && (a.port === null || a.port === port),
  );
  if (url.protocol === 'http:' && !allowListed && !opts.allowHttp) throw new Refusal(`http para ${host}`);
  if (!allowListed && isIP(host) && !isPublicAddress(host)) throw new Refusal(`endereço ${host} não público`);
  return { url, host, port, allowListed };
}

const systemLookup: OutboundLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** The addresses to connect to, every one checked (unless the host is in the allow list). */
async function resolveChecked(target: Target, policy: OutboundPolicy): Promise<ResolvedAddress[]> {
  const literal = isIP(target.host);
  if (literal) return [{ address: target.host, family: literal === 6 ? 6 : 4 }];
  let addresses: ResolvedAddress[];
  try {
    addresses = await (policy.lookup ?? systemLookup)(target.host);
  } catch (err) {
    throw new Refusal(`DNS de ${target.host}: ${describe(err)}`);
  }
  if (addresses.length === 0) throw new Refusal(`DNS de ${target.host}: sem endereços`);
  if (!target.allowListed) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw new Refusal(`${target.host} resolve para ${bad.address}, não público`);
  }
  return addresses;
}

/** The socket's lookup answers only the addresses already checked: DNS is not asked again. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const list = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
    const first = list[0];
    if (!first) {
      const err: NodeJS.ErrnoException = new Error('sem endereço da família pedida');
      err.code = 'ENOTFOUND';
      return callback(err, '', 0);
    }
    if (options.all) return callback(null, list);
    return callback(null, first.address, first.family);
  };
}

// Keep-alive pools: a pooled socket was checked when it connected, for the same host and port.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

const NULL_BODY = new Set([101, 204, 205, 304]);

function toResponse(res: IncomingMessage, method: string): Response {
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 599) {
    res.destroy();
    throw new Refusal(`status HTTP ${status}`);
  }
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    try {
      headers.append(res.rawHeaders[i] ?? '', res.rawHeaders[i + 1] ?? '');
    } catch {
      // A header Headers cannot hold is dropped, not fatal.
    }
  }
  const empty = method === 'HEAD' || NULL_BODY.has(status);
  if (empty) res.resume();
  const body = empty ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: res.statusMessage ?? '', headers });
}

type Outgoing = { method: string; headers: Record<string, string>; body: Buffer | null };

function send(target: Target, req: Outgoing, addresses: ResolvedAddress[], signal: AbortSignal) {
  const https_ = target.url.protocol === 'https:';
  return new Promise<Response>((resolve, reject) => {
    const request = (https_ ? https : http).request(
      {
        protocol: target.url.protocol,
        hostname: target.host,
        port: target.port,
        path: `${target.url.pathname}${target.url.search}`,
        method: req.method,
        headers: req.body ? { ...req.headers, 'content-length': String(req.body.length) } : req.headers,
        agent: agents[https_ ? 'https:' : 'http:'],
        lookup: pinnedLookup(addresses),
        signal,
      },
      (res) => {
        try {
          resolve(toResponse(res, req.method));
        } catch (err) {
          reject(err);
        }
      },
    );
    request.on('error', reject);
    request.end(req.body ?? undefined);
  });
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

async function fetchHops(
  input: string | URL,
  init: RequestInit,
  opts: GuardedFetchOptions,
  policy: OutboundPolicy,
): Promise<Response> {
  let target = checkUrl(input, policy, opts);
  // The standard Request turns any body (string, bytes, FormData with its boundary) into bytes and headers.
  const normalized = new Request(target.url, { ...init, signal: undefined, redirect: 'manual' });
  const headers: Record<string, string> = { 'user-agent': 'Prosa', accept: '*/*' };
  normalized.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const out: Outgoing = {
    method: normalized.method,
    headers,
    body: normalized.body ? Buffer.from(await normalized.arrayBuffer()) : null,
  };
  const signal = init.signal ?? AbortSignal.timeout(opts.timeoutMs ?? 30_000);
  const maxRedirects = opts.maxRedirects ?? 3;
  for (let hop = 0; ; hop++) {
    const addresses = await resolveChecked(target, policy);
    const res = await send(target, out, addresses, signal);
    const location = res.headers.get('location');
    if (!REDIRECT.has(res.status) || !location || init.redirect === 'manual') return res;
    await res.body?.cancel();
    if (init.redirect === 'error' || hop >= maxRedirects) throw new Refusal(`redirecionamento (${hop + 1})`);
    let next: URL;
    try {
      next = new URL(location, target.url);
    } catch {
      throw new Refusal('redirecionamento para URL inválida');
    }
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && out.method === 'POST')) {
      out.method = 'GET';
      out.body = null;
      delete out.headers['content-type'];
    }
    // Credentials go only to the origin they were given for.
    if (next.origin !== target.url.origin) {
      delete out.headers.authorization;
      delete out.headers.cookie;
    }
    target = checkUrl(next, policy, opts);
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    return `${code ? `${code} ` : ''}${err.message}`;
  }
  return String(err);
}

/**
 * fetch() through the guard: same Response, but a refused address, a failed connection, a timeout or a refused
 * redirect all become one OutboundError (generic message, code OUTBOUND_UNREACHABLE); the detail is logged.
 */
export async function guardedFetch(
  input: string | URL,
  init: RequestInit = {},
  opts: GuardedFetchOptions = {},
  policy: OutboundPolicy = { allowedHosts: [] },
): Promise<Response> {
  try {
    return await fetchHops(input, init, opts, policy);
  } catch (err) {
    const detail = `chamada externa recusada ou falhou (${safeHost(input)}): ${describe(err)}`;
    if (policy.log && firstInAWhile(detail)) policy.log(detail);
    throw new OutboundError(detail);
  }
}

/** The same failure is logged once per window: a provider out of reach retried for hours is not a line a minute. */
const REPEAT_LOG_MS = 10 * 60_000;
const lastLogged = new Map<string, number>();

function firstInAWhile(detail: string, now = Date.now()): boolean {
  const last = lastLogged.get(detail);
  if (last !== undefined && now - last < REPEAT_LOG_MS) return false;
  if (lastLogged.size >= 500) lastLogged.clear();
  lastLogged.set(detail, now);
  return true;
}

function safeHost(input: string | URL): string {
  try {
    const u = new URL(String(input));
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'URL inválida';
  }
}

/**
 * Save-time check of a user-given URL with the same rules: 400 with a Portuguese message when refused. A host
 * name that does not resolve now is accepted (it is checked again, on its addresses, at every connection).
 */
export async function assertOutboundUrl(
  raw: string,
  policy: OutboundPolicy = { allowedHosts: [] },
  opts: GuardedFetchOptions = {},
): Promise<void> {
  try {
    const target = checkUrl(raw, policy, opts);
    if (target.allowListed || isIP(target.host)) return;
    const lookup = policy.lookup ?? systemLookup;
    const addresses = await Promise.race([
      lookup(target.host).catch(() => [] as ResolvedAddress[]),
      new Promise<ResolvedAddress[]>((resolve) => setTimeout(() => resolve([]), 3000).unref()),
    ]);
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw new Refusal(`${target.host} resolve para ${bad.address}`);
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    policy.log?.(`URL recusada ao salvar: ${err.message}`);
    throw new AppError(ERROR_CODE.validation, OUTBOUND_MSG.urlNotAllowed, 400);
  }
}

/** The guard bound to the server's policy, handed to operations as infrastructure (deps.outbound). */
export type OutboundGuard = {
  fetch: (input: string | URL, init?: RequestInit, opts?: GuardedFetchOptions) => Promise<Response>;
  assertUrl: (url: string, opts?: GuardedFetchOptions) => Promise<void>;
};

export function createOutboundGuard(policy: OutboundPolicy): OutboundGuard {
  return {
    fetch: (input, init, opts) => guardedFetch(input, init, opts, policy),
    assertUrl: (url, opts) => assertOutboundUrl(url, policy, opts),
  };
}
