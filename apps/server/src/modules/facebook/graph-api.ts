import { FACEBOOK_PAGE_FETCH_LIMIT, FACEBOOK_SUBSCRIBED_FIELDS } from '@prosa/shared/meta';
import { facebookGraphUrl } from '../../platform/config';
import type { AppDeps } from '../../platform/deps';
import { OutboundError } from '../../platform/outbound-url';

// The Graph API calls of Facebook Login and page management (spec 2 §7 "direct provider calls": /me/accounts
// with paging, subscribed_apps, the Instagram account), at FACEBOOK_GRAPH_URL/FACEBOOK_GRAPH_VERSION — Meta's, or
// a local peer in tests — always through the outbound-URL guard. Tokens travel in the Authorization header (the
// Graph API takes them there as well as in `access_token`, and a header is not logged with the URL); only the
// token exchange sends the app's credentials as parameters, as Meta documents it.

export type GraphDeps = Pick<AppDeps, 'config' | 'outbound'>;

/** A Graph API error object ({ error: { message, type, code, error_subcode } }), or a reply we cannot read. */
export class FacebookGraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly type: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'FacebookGraphError';
  }
}

type Query = Record<string, string>;

function urlOf(deps: GraphDeps, path: string, query: Query) {
  const url = new URL(`${facebookGraphUrl(deps.config)}${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}

async function call<T>(
  deps: GraphDeps,
  url: string,
  token: string | null,
  method: 'GET' | 'POST' | 'DELETE' = 'GET',
): Promise<T> {
  const res = await deps.outbound.fetch(url, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text().catch((err: unknown) => {
    throw new OutboundError(`resposta interrompida: ${err instanceof Error ? err.message : String(err)}`);
  });
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new FacebookGraphError(
      res.status,
      null,
      null,
      `Resposta inválida do Facebook (HTTP ${res.status})`,
    );
  const error = (body as { error?: unknown }).error;
  if (!res.ok || (typeof error === 'object' && error !== null)) {
    const e = (typeof error === 'object' && error !== null ? error : {}) as {
      code?: unknown;
      type?: unknown;
      message?: unknown;
    };
    throw new FacebookGraphError(
      res.status,
      typeof e.code === 'number' ? e.code : null,
      typeof e.type === 'string' ? e.type : null,
      typeof e.message === 'string' && e.message ? e.message : `Erro do Facebook (HTTP ${res.status})`,
    );
  }
  return body as T;
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

export type UserToken = { accessToken: string; expiresIn: number | null };

function tokenOf(body: { access_token?: unknown; expires_in?: unknown }): UserToken {
  const accessToken = str(body.access_token);
  if (!accessToken) throw new FacebookGraphError(502, null, null, 'Resposta do Facebook sem token');
  return { accessToken, expiresIn: typeof body.expires_in === 'number' ? body.expires_in : null };
}

/** The login dialog's code → a short-lived user token (`/oauth/access_token`). */
export async function exchangeCode(
  deps: GraphDeps,
  app: { id: string; secret: string },
  code: string,
  redirectUri: string,
) {
  const url = urlOf(deps, '/oauth/access_token', {
    client_id: app.id,
    client_secret: app.secret,
    redirect_uri: redirectUri,
    code,
  });
  return tokenOf(await call(deps, url, null));
}

/** A short-lived user token → a long-lived one (`grant_type=fb_exchange_token`); its page tokens do not expire. */
export async function exchangeLongLived(deps: GraphDeps, app: { id: string; secret: string }, token: string) {
  const url = urlOf(deps, '/oauth/access_token', {
    grant_type: 'fb_exchange_token',
    client_id: app.id,
    client_secret: app.secret,
    fb_exchange_token: token,
  });
  return tokenOf(await call(deps, url, null));
}

/** Who the token belongs to (also the login check: an expired or revoked token answers an OAuthException). */
export async function me(deps: GraphDeps, token: string) {
  const body = await call<{ id?: unknown; name?: unknown }>(
    deps,
    urlOf(deps, '/me', { fields: 'id,name' }),
    token,
  );
  const id = str(body.id);
  if (!id) throw new FacebookGraphError(502, null, null, 'Resposta do Facebook sem usuário');
  return { id, name: str(body.name) ?? '' };
}

export type GraphPage = { id: string; name: string; accessToken: string };

// A bound on pages followed, so a paging loop (or a hostile `next`) cannot keep the request forever.
const MAX_PAGES = 200;

/**
 * The user's pages with their page tokens: `/me/accounts` by 25 (spec 2 §9), following `paging.next`. A `next`
 * off the Graph API's own address is not followed (the token would go with it).
 */
export async function listUserPages(deps: GraphDeps, token: string): Promise<GraphPage[]> {
  const root = facebookGraphUrl(deps.config);
  const out: GraphPage[] = [];
  let url: string | null = urlOf(deps, '/me/accounts', {
    fields: 'id,name,access_token',
    limit: String(FACEBOOK_PAGE_FETCH_LIMIT),
  });
  for (let n = 0; url && n < MAX_PAGES; n++) {
    const body: { data?: unknown; paging?: { next?: unknown } } = await call(deps, url, token);
    if (!Array.isArray(body.data))
      throw new FacebookGraphError(502, null, null, 'Resposta sem lista de páginas');
    for (const p of body.data as { id?: unknown; name?: unknown; access_token?: unknown }[]) {
      const id = str(p?.id);
      const accessToken = str(p?.access_token);
      if (id && accessToken) out.push({ id, name: str(p.name) ?? id, accessToken });
    }
    const next = str(body.paging?.next);
    url = next?.startsWith(`${root}/`) ? next : null;
  }
  return out;
}

/** The Instagram business account linked to a page, or null (`?fields=instagram_business_account{id,username}`). */
export async function pageInstagram(deps: GraphDeps, pageId: string, pageToken: string) {
  const body = await call<{ instagram_business_account?: { id?: unknown; username?: unknown } }>(
    deps,
    urlOf(deps, `/${pageId}`, {
      fields: 'instagram_business_account{id,username}',
    }),
    pageToken,
  );
  const id = str(body.instagram_business_account?.id);
  return id ? { id, username: str(body.instagram_business_account?.username) ?? '' } : null;
}

/** Subscribes the app to the page's webhook fields (spec 2 §9). */
export async function subscribeApp(deps: GraphDeps, pageId: string, pageToken: string) {
  await call(
    deps,
    urlOf(deps, `/${pageId}/subscribed_apps`, {
      subscribed_fields: FACEBOOK_SUBSCRIBED_FIELDS.join(','),
    }),
    pageToken,
    'POST',
  );
}

/** Removes the app from the page's webhooks. */
export async function unsubscribeApp(deps: GraphDeps, pageId: string, pageToken: string) {
  await call(deps, urlOf(deps, `/${pageId}/subscribed_apps`, {}), pageToken, 'DELETE');
}
