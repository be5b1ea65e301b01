import { BI_MSG } from '@prosa/shared/bi-reports';
import type { Config } from '../../../platform/config';
import type { OutboundGuard } from '../../../platform/outbound-url';
import { type BiProvider, BiProviderError } from './provider';

// Power BI "embed for your customers" (app owns data): an Azure AD app token by client credentials, the report's
// embedUrl and datasetId from Reports - Get Report In Group, then an embed token from Embed Token - Generate Token.
// Every call goes through the outbound-URL guard.

type PowerBiConfig = Pick<
  Config,
  | 'POWERBI_API_URL'
  | 'POWERBI_AUTHORITY_URL'
  | 'POWERBI_TENANT_ID'
  | 'POWERBI_CLIENT_ID'
  | 'POWERBI_CLIENT_SECRET'
  | 'POWERBI_WORKSPACE_ID'
>;

const SCOPE = 'https://analysis.windows.net/powerbi/api/.default';
/** An app token is reused until this long before its end. */
const TOKEN_MARGIN_MS = 60_000;

// App tokens per authority, tenant and client: one per installation in practice; an API 401 drops it.
const appTokens = new Map<string, { token: string; until: number }>();

export function powerBiConfigured(config: PowerBiConfig): boolean {
  return Boolean(
    config.POWERBI_TENANT_ID &&
      config.POWERBI_CLIENT_ID &&
      config.POWERBI_CLIENT_SECRET &&
      config.POWERBI_WORKSPACE_ID,
  );
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

async function readJson(res: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function powerBiProvider(
  config: PowerBiConfig,
  outbound: OutboundGuard,
  now: () => number = Date.now,
): BiProvider | null {
  const tenant = config.POWERBI_TENANT_ID;
  const clientId = config.POWERBI_CLIENT_ID;
  const secret = config.POWERBI_CLIENT_SECRET;
  const workspace = config.POWERBI_WORKSPACE_ID;
  if (!tenant || !clientId || !secret || !workspace) return null;
  const authority = trimSlash(config.POWERBI_AUTHORITY_URL);
  const api = trimSlash(config.POWERBI_API_URL);
  const cacheKey = `${authority}|${tenant}|${clientId}`;

  async function appToken(): Promise<string> {
    const cached = appTokens.get(cacheKey);
    if (cached && cached.until > now()) return cached.token;
    const res = await outbound.fetch(`${authority}/${encodeURIComponent(tenant ?? '')}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId ?? '',
        client_secret: secret ?? '',
        scope: SCOPE,
      }).toString(),
    });
    const body = await readJson(res);
    const token = body.access_token;
    if (!res.ok || typeof token !== 'string') {
      throw new BiProviderError(BI_MSG.loadError, `Azure AD ${res.status}: ${String(body.error ?? '')}`);
    }
    const seconds = Number(body.expires_in);
    const life = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 3_600_000;
    appTokens.set(cacheKey, { token, until: now() + Math.max(0, life - TOKEN_MARGIN_MS) });
    return token;
  }

  // One API call; a refused app token (revoked, rotated secret) is fetched again once.
  async function call(path: string, init: RequestInit = {}, retry = true): Promise<Response> {
    const token = await appToken();
    const res = await outbound.fetch(`${api}${path}`, {
      ...init,
      headers: { ...(init.headers ?? {}), authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    if ((res.status === 401 || res.status === 403) && retry) {
      await res.body?.cancel();
      appTokens.delete(cacheKey);
      return call(path, init, false);
    }
    return res;
  }

  return {
    kind: 'powerbi',
    async embed(reportId) {
      const group = encodeURIComponent(workspace ?? '');
      const reportRes = await call(`/v1.0/myorg/groups/${group}/reports/${encodeURIComponent(reportId)}`);
      const report = await readJson(reportRes);
      if (!reportRes.ok || typeof report.embedUrl !== 'string') {
        throw new BiProviderError(BI_MSG.fetchError, `Get Report In Group ${reportRes.status}`);
      }
      const datasetId = typeof report.datasetId === 'string' ? report.datasetId : null;
      const tokenRes = await call('/v1.0/myorg/GenerateToken', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          reports: [{ id: reportId }],
          ...(datasetId ? { datasets: [{ id: datasetId }] } : {}),
        }),
      });
      const embed = await readJson(tokenRes);
      const expiresAt = new Date(String(embed.expiration ?? ''));
      if (!tokenRes.ok || typeof embed.token !== 'string' || Number.isNaN(expiresAt.getTime())) {
        throw new BiProviderError(BI_MSG.fetchError, `GenerateToken ${tokenRes.status}`);
      }
      return { kind: 'powerbi', reportId, embedUrl: report.embedUrl, token: embed.token, expiresAt };
    },
  };
}
