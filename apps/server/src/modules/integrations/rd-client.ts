import { INTEGRATION_MSG, type TIntegrationKind } from '@prosa/shared/integrations';
import type { AppDeps } from '../../platform/deps';
import { OutboundError } from '../../platform/outbound-url';
import type { RdCredentials } from './credentials';

// RD Station's HTTP calls, every one through the outbound-URL guard, at the base URLs of the config:
// Marketing: POST {api}/auth/token (JSON) and POST {api}/platform/events?event_type=CONVERSION;
// CRM v2: POST {api}/oauth2/token (form) and POST {crm}/contacts, {crm}/deals, each body under "data".

type Deps = Pick<AppDeps, 'config' | 'outbound'>;

/** A call that did not succeed: retry (network, 429, 5xx), unauthorized (401), or refused for good. */
export class RdCallError extends Error {
  constructor(
    readonly kind: 'retry' | 'unauthorized' | 'refused',
    message: string,
  ) {
    super(message);
    this.name = 'RdCallError';
  }
}

export type RdTokens = { accessToken: string; refreshToken: string; expiresAt: string };

const base = (url: string) => url.replace(/\/+$/, '');

async function call(deps: Deps, url: string, init: RequestInit): Promise<Response> {
  try {
    return await deps.outbound.fetch(url, init, { timeoutMs: 15_000 });
  } catch (err) {
    if (err instanceof OutboundError) throw new RdCallError('retry', INTEGRATION_MSG.unreachable);
    throw err;
  }
}

/** The provider's own words about a refusal (its error_message), short; never our request. */
async function providerMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const errors = body.errors as unknown;
    const first = Array.isArray(errors) ? errors[0] : errors;
    const msg =
      (first as { error_message?: string } | undefined)?.error_message ??
      (body.error_description as string | undefined) ??
      (body.error as string | undefined);
    return typeof msg === 'string' ? msg.slice(0, 300) : '';
  } catch {
    return '';
  }
}

/** Exchanges the client code (no refresh token yet) or the refresh token for new tokens. */
export async function grantTokens(
  deps: Deps,
  kind: TIntegrationKind,
  creds: RdCredentials,
): Promise<RdTokens> {
  const api = base(deps.config.RDSTATION_API_URL);
  const grant: Record<string, string> = creds.refreshToken
    ? { refresh_token: creds.refreshToken }
    : { code: creds.clientCode };
  const common = { client_id: creds.clientId, client_secret: creds.clientSecret };
  const res =
    kind === 'rdstation_marketing'
      ? await call(deps, `${api}/auth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...common, ...grant }),
        })
      : await call(deps, `${api}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            ...common,
            ...grant,
            grant_type: creds.refreshToken ? 'refresh_token' : 'authorization_code',
          }).toString(),
        });
  if (res.status === 429 || res.status >= 500) {
    await res.body?.cancel();
    throw new RdCallError('retry', `A RD Station respondeu ${res.status} ao renovar o acesso.`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new RdCallError('refused', INTEGRATION_MSG.credentialsRefused);
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  const accessToken = typeof body.access_token === 'string' ? body.access_token : '';
  const refreshToken = typeof body.refresh_token === 'string' ? body.refresh_token : creds.refreshToken;
  const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  if (!accessToken || !refreshToken)
    throw new RdCallError('retry', 'A RD Station não devolveu o token de acesso.');
  return { accessToken, refreshToken, expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString() };
}

/** The endpoint and body of one delivery. */
function target(deps: Deps, kind: TIntegrationKind, event: string, payload: Record<string, unknown>) {
  if (kind === 'rdstation_marketing')
    return {
      url: `${base(deps.config.RDSTATION_API_URL)}/platform/events?event_type=CONVERSION`,
      body: { event_type: 'CONVERSION', event_family: 'CDP', payload },
    };
  const path = event === 'attendance.finalized' ? 'deals' : 'contacts';
  return { url: `${base(deps.config.RDSTATION_CRM_URL)}/${path}`, body: { data: payload } };
}

/** Sends one delivery with an access token; resolves on 2xx, throws RdCallError otherwise. */
export async function sendToRd(
  deps: Deps,
  kind: TIntegrationKind,
  accessToken: string,
  event: string,
  payload: Record<string, unknown>,
): Promise<void> {
  const t = target(deps, kind, event, payload);
  const res = await call(deps, t.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify(t.body),
  });
  if (res.ok) {
    await res.body?.cancel();
    return;
  }
  if (res.status === 401) {
    await res.body?.cancel();
    throw new RdCallError('unauthorized', 'A RD Station recusou o token de acesso.');
  }
  const detail = await providerMessage(res);
  const text = `A RD Station respondeu ${res.status}${detail ? `: ${detail}` : '.'}`;
  throw new RdCallError(res.status === 429 || res.status >= 500 ? 'retry' : 'refused', text);
}
