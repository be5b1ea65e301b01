import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { OutgoingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../../test/helpers/sample-files';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';
import { DEMO_WEBCHAT_CODE } from '../modules/webchat/demo-page';

// Security headers on the app, the API, the docs, and the web chat pieces customer sites load cross-origin.

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'prosa-web-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  // A bundle of its own: the test does not depend on apps/widget having been built before it.
  await writeFile(join(webDist, 'widget.js'), 'void 0;');
  ctx = await createTestContext({
    queue: false,
    env: { WEB_DIST: webDist },
    widgetFile: join(webDist, 'widget.js'),
  });
});
afterAll(async () => {
  await ctx.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

/** The CSP as directive → sources. */
function csp(headers: OutgoingHttpHeaders): Map<string, string[]> {
  const raw = String(headers['content-security-policy'] ?? '');
  return new Map(
    raw
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectPagePolicy(headers: OutgoingHttpHeaders) {
  const policy = csp(headers);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'ws://prosa.test']));
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  // http PUBLIC_URL in tests: no HSTS, no upgrade of requests.
  expect(headers['strict-transport-security']).toBeUndefined();
  expect(policy.has('upgrade-insecure-requests')).toBe(false);
}

describe('security headers', () => {
  it('the web app: no inline script, no framing, nosniff, referrer kept on our origin', async () => {
    for (const url of ['/', '/login', '/atendimentos']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expectPagePolicy(r.headers);
    }
  });

  it('the API: the same headers on every answer, errors included', async () => {
    const health = await get('/api/health');
    expect(health.statusCode).toBe(200);
    expectPagePolicy(health.headers);
    const unauthenticated = await get('/api/auth/me');
    expect(unauthenticated.statusCode).toBe(401);
    expectPagePolicy(unauthenticated.headers);
    const missing = await get('/api/nao-existe');
    expect(missing.statusCode).toBe(404);
    expectPagePolicy(missing.headers);
  });

  it('the web chat script, its API and its files stay usable from a customer site', async () => {
    const script = await get(`/webchat/${DEMO_WEBCHAT_CODE}.js`, { origin: 'https://cliente.example' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect(script.headers['x-content-type-options']).toBe('nosniff');

    const config = await get(`/api/webchat/${DEMO_WEBCHAT_CODE}/config`, {
      origin: 'https://cliente.example',
    });
    expect(config.statusCode).toBe(200);
    expect(config.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(config.headers['access-control-allow-origin']).toBe('*');

    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/webchat/visitor/messages',
      headers: {
        origin: 'https://cliente.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-visitor-token',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-visitor-token');

    // An attachment link: shown by the widget on the customer's page, previewed in a frame by our own app.
    await ctx.deps.storage.put('teste/headers.pdf', samplePdf(), 'application/pdf');
    const file = await get(ctx.deps.storage.signedUrl('teste/headers.pdf', 600).url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(file.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(file.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the demo page and the API docs get the page policy and still load', async () => {
    const demo = await get('/demo/webchat');
    expect(demo.statusCode).toBe(200);
    expectPagePolicy(demo.headers);
    // The demo page's one script is an external one of our origin (allowed by script-src 'self').
    expect(demo.body).not.toMatch(/<script>(?!<\/script>)/);

    const docs = await get('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expectPagePolicy(docs.headers);
    expect(docs.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const spec = await get('/api/docs/json');
    expect(spec.statusCode).toBe(200);
  });
});
