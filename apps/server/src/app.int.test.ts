import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'prosa-web-'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Prosa</title><div id="root"></div>');
  ctx = await createTestContext({ queue: false, env: { WEB_DIST: dist } });
});
afterAll(() => ctx.close());

describe('serving the web app', () => {
  it('answers index.html for the app routes, JSON 404 for unknown API routes', async () => {
    for (const url of ['/', '/chat', '/history?fromDate=2026-11-01']) {
      const r = await ctx.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body).toContain('<title>Prosa</title>');
    }
    const api = await ctx.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(api.statusCode).toBe(404);
    expect(JSON.parse(api.body)).toEqual({ code: 'NOT_FOUND', message: 'Registro não encontrado.' });
  });

  it('serves files of a rebuild without a restart', async () => {
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'assets', 'index-novo.js'), 'console.log("novo")');
    const r = await ctx.app.inject({ method: 'GET', url: '/assets/index-novo.js' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe('console.log("novo")');
  });
});
