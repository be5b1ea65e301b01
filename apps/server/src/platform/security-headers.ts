import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { type Config, publicUrl } from './config';

// Security headers of the app and the API (helmet, its middleware built once: @fastify/helmet built it again for
// every request, 5 % of a webhook's cost). The web app's build has no inline script, so
// scripts are 'self' only; Mantine injects styles at runtime, hence style-src 'unsafe-inline'. Previews use
// data:/blob: URLs and the signed /api/files links (same origin); the socket is Socket.IO on the same origin.

/** Paths a customer's site uses from another origin: the web chat script, its API, the files it shows. */
const CROSS_ORIGIN_PATHS = ['/webchat/', '/api/webchat/', '/api/files/', '/newchat/'];

/**
 * Embedded BI (issue 21): the BI viewer frames the configured Metabase (its signed embed URLs) and, with Power BI
 * set up, Microsoft's report pages (the embedUrl the REST API answers, app.powerbi.com).
 */
function biFrameSources(config: Config): string[] {
  const sources: string[] = [];
  if (config.METABASE_SITE_URL) sources.push(new URL(config.METABASE_SITE_URL).origin);
  if (config.POWERBI_TENANT_ID) sources.push('https://app.powerbi.com', 'https://*.powerbi.com');
  return sources;
}

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const origin = new URL(publicUrl(config));
  const secure = origin.protocol === 'https:';
  // 'self' covers ws(s) of the same origin in current browsers; the public origin is named for the others.
  const socket = `${secure ? 'wss' : 'ws'}://${origin.host}`;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", socket],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", 'blob:', ...biFrameSources(config)],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(secure ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const secure = publicUrl(config).startsWith('https://');
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    // Links carry tokens (password reset, signed files): no URL goes to another site in the Referer.
    referrerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: secure ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url;
    if (!CROSS_ORIGIN_PATHS.some((p) => path.startsWith(p))) return;
    // Loaded by customer sites (script tag, images, fetch with CORS): readable from any origin.
    reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
    if (path.startsWith('/api/files/')) {
      // Our chat previews a PDF in an iframe: files may be framed by the app itself, and get no page policy
      // (the browser's PDF viewer must run); their type is checked at upload and sent with nosniff.
      reply.raw.setHeader('x-frame-options', 'SAMEORIGIN');
      reply.raw.setHeader('content-security-policy', "frame-ancestors 'self'");
    }
  });
}
