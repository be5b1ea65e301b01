import { EMBEDDED_SIGNUP_VERSION } from '@prosa/shared/waent-onboarding-texts';
import { type Config, publicUrl } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { OutboundError } from '../../platform/outbound-url';
import { NumberGraphError } from './number-graph';

// WhatsApp embedded signup (spec 2 §9: SDK v21.0) on Meta's Graph API at FACEBOOK_GRAPH_URL — Meta's, or the
// local peer in tests: the dialog's code → a business token; the WABAs the token was granted (debug_token's
// granular scopes) and their numbers. Every call goes through the outbound-URL guard.

type Deps = Pick<AppDeps, 'config' | 'outbound'>;

const graphBase = (config: Config) =>
  `${config.FACEBOOK_GRAPH_URL.replace(/\/+$/, '')}/${EMBEDDED_SIGNUP_VERSION}`;

/** Where the Facebook dialog returns: the migration screen itself (one of the app's valid redirect URIs). */
export const signupRedirectUri = (config: Config) =>
  `${publicUrl(config).replace(/\/+$/, '')}/channels/waent/migration`;

/** The embedded signup dialog; `state` carries the migration hash back to the screen. */
export function signupDialogUrl(config: Config, state: string): string | null {
  if (!config.FACEBOOK_APP_ID) return null;
  const url = new URL(
    `${config.FACEBOOK_DIALOG_URL.replace(/\/+$/, '')}/${EMBEDDED_SIGNUP_VERSION}/dialog/oauth`,
  );
  url.searchParams.set('client_id', config.FACEBOOK_APP_ID);
  url.searchParams.set('redirect_uri', signupRedirectUri(config));
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'whatsapp_business_management,whatsapp_business_messaging');
  if (config.WAENT_SIGNUP_CONFIG_ID) url.searchParams.set('config_id', config.WAENT_SIGNUP_CONFIG_ID);
  url.searchParams.set('extras', JSON.stringify({ setup: {}, featureType: '', sessionInfoVersion: '3' }));
  return url.toString();
}

async function get<T>(deps: Deps, path: string, query: Record<string, string>, token?: string): Promise<T> {
  const url = new URL(`${graphBase(deps.config)}${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await deps.outbound.fetch(url.toString(), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text().catch((err: unknown) => {
    throw new OutboundError(`resposta interrompida: ${err instanceof Error ? err.message : String(err)}`);
  });
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const error = (body as { error?: { message?: unknown } } | null)?.error;
  if (!res.ok || typeof body !== 'object' || body === null || error) {
    const msg = typeof error?.message === 'string' ? error.message : `Erro do Facebook (HTTP ${res.status})`;
    throw new NumberGraphError(res.status, msg);
  }
  return body as T;
}

export async function exchangeSignupCode(deps: Deps, code: string): Promise<string> {
  const r = await get<{ access_token?: unknown }>(deps, '/oauth/access_token', {
    client_id: deps.config.FACEBOOK_APP_ID ?? '',
    client_secret: deps.config.FACEBOOK_APP_SECRET ?? '',
    redirect_uri: signupRedirectUri(deps.config),
    code,
  });
  if (typeof r.access_token !== 'string') throw new NumberGraphError(502, 'Resposta do Facebook sem token');
  return r.access_token;
}

/** The WhatsApp Business accounts the person granted the app in the dialog. */
export async function grantedWabas(deps: Deps, token: string): Promise<string[]> {
  const appToken = `${deps.config.FACEBOOK_APP_ID ?? ''}|${deps.config.FACEBOOK_APP_SECRET ?? ''}`;
  const r = await get<{ data?: { granular_scopes?: { scope?: string; target_ids?: unknown[] }[] } }>(
    deps,
    '/debug_token',
    { input_token: token },
    appToken,
  );
  const scope = r.data?.granular_scopes?.find((s) => s.scope === 'whatsapp_business_management');
  return (scope?.target_ids ?? []).filter((id): id is string => typeof id === 'string');
}

export type WabaNumber = { id: string; display_phone_number: string };

export async function wabaNumbers(deps: Deps, token: string, wabaId: string): Promise<WabaNumber[]> {
  const r = await get<{ data?: unknown[] }>(
    deps,
    `/${encodeURIComponent(wabaId)}/phone_numbers`,
    { fields: 'id,display_phone_number,verified_name' },
    token,
  );
  return (r.data ?? []).filter(
    (n): n is WabaNumber =>
      typeof n === 'object' &&
      n !== null &&
      typeof (n as WabaNumber).id === 'string' &&
      typeof (n as WabaNumber).display_phone_number === 'string',
  );
}
