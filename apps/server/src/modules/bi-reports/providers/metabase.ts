import { createHmac } from 'node:crypto';
import { BI_REFRESH_MS } from '@prosa/shared/bi-reports';
import type { Config } from '../../../platform/config';
import type { BiProvider } from './provider';

// Metabase static ("signed") embedding: a JWT signed HS256 with the installation's embedding secret key, naming
// the dashboard in `resource` and the locked parameters in `params`, loaded at {site}/embed/dashboard/{jwt}.

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** HS256 JWT of a JSON payload (RFC 7519 compact form); node:crypto only. */
export function signHs256(payload: Record<string, unknown>, secret: string): string {
  const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  const signature = createHmac('sha256', secret).update(head).digest('base64url');
  return `${head}.${signature}`;
}

export function metabaseConfigured(config: Config): boolean {
  return Boolean(config.METABASE_SITE_URL && config.METABASE_SECRET_KEY);
}

export function metabaseProvider(
  config: Pick<Config, 'METABASE_SITE_URL' | 'METABASE_SECRET_KEY'>,
  now: () => number = Date.now,
): BiProvider | null {
  const site = config.METABASE_SITE_URL?.replace(/\/+$/, '');
  const secret = config.METABASE_SECRET_KEY;
  if (!site || !secret) return null;
  return {
    kind: 'metabase',
    async embed(reportId) {
      // The token lives as long as the refresh period: the viewer fetches a new one before it ends.
      const exp = Math.floor((now() + BI_REFRESH_MS) / 1000);
      const jwt = signHs256({ resource: { dashboard: Number(reportId) }, params: {}, exp }, secret);
      return {
        kind: 'metabase',
        reportId,
        embedUrl: `${site}/embed/dashboard/${jwt}#bordered=false&titled=true`,
        token: null,
        expiresAt: new Date(exp * 1000),
      };
    },
  };
}
