import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/helpers/multipart';
import { samplePng } from '../../../test/helpers/sample-files';
import { ADMIN, api, createTestContext, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { companies } from '../../db/schema/companies';

// White-label shown to people: the header of the logged-in company and the public login page (title and
// login logo only, by ?empresa= or by the page's host name).

let ctx: TestContext;
let http: ReturnType<typeof api>;
let dataDir: string;
let admin: string;
let demoId: number;
let otherId: number;

const LOGO = samplePng(40, 20);
const LOGIN_LOGO = samplePng(80, 30);

async function upload(companyId: number, key: string, data: Buffer) {
  const body = multipart([
    { name: 'key', value: key },
    { name: 'file', filename: `${key}.png`, contentType: 'image/png', data },
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/white-label`,
    headers: { ...body.headers, cookie: admin },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
}

const publicBrand = (query: string) => http.get(`/api/brand${query}`);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'prosa-brand-'));
  ctx = await createTestContext({ queue: false, env: { DATA_DIR: dataDir } });
  http = api(ctx);
  admin = await http.login(ADMIN);
  const rows = await ctx.db.select().from(companies);
  demoId = rows.find((c) => c.name === 'Empresa Demo')?.id ?? 0;
  otherId = rows.find((c) => c.name === 'Outra Empresa')?.id ?? 0;
  const saved = await http.patch(`/api/companies/${demoId}`, {
    cookie: admin,
    body: { view_data: { title: 'Demo Atendimento' } },
  });
  expect(saved.status).toBe(200);
  await upload(demoId, 'logo', LOGO);
  await upload(demoId, 'logo_login', LOGIN_LOGO);
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('identidade visual na tela de login (pública)', () => {
  it('by ?empresa= (id or domain): only the title and the login logo, which loads without a session', async () => {
    for (const code of [String(demoId), 'empresademo.com.br', 'EmpresaDemo.com.br']) {
      const r = await publicBrand(`?empresa=${encodeURIComponent(code)}`);
      expect(r.status).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(['logo', 'title']);
      expect(r.body.title).toBe('Demo Atendimento');
      expect(r.body.logo).toMatch(new RegExp(`^/api/brand/${demoId}/logo\\?v=`));
    }
    const { logo } = (await publicBrand(`?empresa=${demoId}`)).body as { logo: string };
    const image = await ctx.app.inject({ method: 'GET', url: logo });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.rawPayload, LOGIN_LOGO)).toBe(0);
  });

  it("by the page's host name: the company's domain and its subdomains", async () => {
    for (const host of ['empresademo.com.br', 'atendimento.empresademo.com.br', 'EMPRESADEMO.COM.BR.']) {
      const r = await publicBrand(`?host=${encodeURIComponent(host)}`);
      expect(r.body).toMatchObject({ title: 'Demo Atendimento' });
    }
    // Not a subdomain, only a name that ends the same way.
    expect((await publicBrand('?host=outraempresademo.com.br')).body).toEqual({ title: '', logo: null });
  });

  it('unknown, ambiguous or without a company: the default look', async () => {
    const none = { title: '', logo: null };
    expect((await publicBrand('')).body).toEqual(none);
    expect((await publicBrand('?empresa=999999')).body).toEqual(none);
    expect((await publicBrand('?empresa=99999999999999999999')).body).toEqual(none);
    expect((await publicBrand('?empresa=nao-existe.com.br')).body).toEqual(none);
    expect((await publicBrand('?host=localhost')).body).toEqual(none);
    // Two companies on one domain: neither is shown.
    await ctx.db.update(companies).set({ domain: 'empresademo.com.br' }).where(eq(companies.id, otherId));
    expect((await publicBrand('?host=empresademo.com.br')).body).toEqual(none);
    await ctx.db.update(companies).set({ domain: 'outraempresa.com.br' }).where(eq(companies.id, otherId));
    // A company without white-label: the default, and no public logo.
    const other = await publicBrand(`?empresa=${otherId}`);
    expect(other.body).toEqual(none);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/brand/${otherId}/logo` })).statusCode).toBe(404);
    // An unknown company (the largest id there can be: a larger one is refused as bad input, 400).
    expect((await ctx.app.inject({ method: 'GET', url: '/api/brand/2147483647/logo' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/brand/99999999999/logo' })).statusCode).toBe(
      400,
    );
  });

  it('refuses a too long code with 400', async () => {
    const r = await publicBrand(`?empresa=${'a'.repeat(300)}`);
    expect(r.status).toBe(400);
    expect(typeof r.body.message).toBe('string');
  });
});

describe('identidade visual no cabeçalho', () => {
  it("every user of the company gets its title and logo; the logo is the header's, not the login's", async () => {
    const operator = await http.login(OPERATOR);
    const r = await http.get('/api/company/brand', { cookie: operator });
    expect(r.status).toBe(200);
    expect(r.body.title).toBe('Demo Atendimento');
    const logo = r.body.logo as string;
    expect(logo).toMatch(new RegExp(`^/api/companies/${demoId}/white-label/logo\\?v=`));
    const image = await ctx.app.inject({ method: 'GET', url: logo, headers: { cookie: operator } });
    expect(Buffer.compare(image.rawPayload, LOGO)).toBe(0);
    expect((await http.get('/api/company/brand')).status).toBe(401);
  });
});
