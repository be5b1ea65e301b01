import { createHmac } from 'node:crypto';
import { BI_MSG, type TBiReport, type TBiReportView } from '@prosa/shared/bi-reports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers/test-app';
import { type PowerBiPeer, startPowerBiPeer } from '../../../test/peers/powerbi-peer';
import { biReports } from '../../db/schema/back-office';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../platform/crypto';
import { embedBiReport } from './embed-bi-report';
import { powerBiProvider } from './providers/powerbi';

// Embedded BI against the real database and a local Power BI: the spec 3 §5 texts, which admin reaches which
// definition, the viewer's 401, Metabase's signed JWT and Power BI's client credentials and embed tokens.

const METABASE_URL = 'https://metabase.prosa.test';
const METABASE_KEY = 'c0ffee'.repeat(10);
const LORD = 'dono@prosa.dev';
const OTHER_MANAGER = 'gestor@outraempresa.com.br';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let peer: PowerBiPeer;
let demoId: number;
let otherId: number;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  peer = await startPowerBiPeer();
  ctx = await createTestContext({
    queue: false,
    inbox: false,
    env: {
      METABASE_SITE_URL: METABASE_URL,
      METABASE_SECRET_KEY: METABASE_KEY,
      POWERBI_API_URL: peer.url,
      POWERBI_AUTHORITY_URL: peer.url,
      POWERBI_TENANT_ID: peer.tenantId,
      POWERBI_CLIENT_ID: peer.clientId,
      POWERBI_CLIENT_SECRET: peer.clientSecret,
      POWERBI_WORKSPACE_ID: peer.workspaceId,
    },
  });
  http = api(ctx);
  const rows = await ctx.db.select({ id: companies.id, name: companies.name }).from(companies);
  demoId = rows.find((r) => r.name === 'Empresa Demo')?.id ?? 0;
  otherId = rows.find((r) => r.name === 'Outra Empresa')?.id ?? 0;
  const passwordHash = await hashPassword(PASSWORD);
  await ctx.db.insert(users).values([
    {
      companyId: demoId,
      name: 'Dono da Plataforma',
      displayName: 'Dono',
      email: LORD,
      role: 1000,
      passwordHash,
    },
    {
      companyId: otherId,
      name: 'Otto Gestor',
      displayName: 'Otto',
      email: OTHER_MANAGER,
      role: 1,
      passwordHash,
    },
  ]);
  for (const e of [ADMIN, MANAGER, OPERATOR, OTHER_ADMIN, LORD, OTHER_MANAGER])
    cookies[e] = await http.login(e);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

const c = (email: string) => cookies[email] as string;
const create = async (email: string, body: Record<string, unknown>) =>
  http.post('/api/bi-reports', { cookie: c(email), body });
const embed = async (email: string, id: number, query = '') =>
  http.get(`/api/bi-reports/${id}/embed${query}`, { cookie: c(email) });

function decodeJwt(jwt: string) {
  const [head = '', payload = '', signature = ''] = jwt.split('.');
  const expected = createHmac('sha256', METABASE_KEY).update(`${head}.${payload}`).digest('base64url');
  return {
    header: JSON.parse(Buffer.from(head, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
    valid: signature === expected,
  };
}

describe('definições de relatório BI (administração)', () => {
  it('answers the spec texts for a missing name or report-id and checks each id of the provider', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ provider: 'metabase', report_id: '1' }, BI_MSG.nameRequired],
      [{ name: '  ', provider: 'metabase', report_id: '1' }, BI_MSG.nameRequired],
      [{ name: 'Vendas', provider: 'metabase' }, BI_MSG.reportIdRequired],
      [{ name: 'Vendas', provider: 'metabase', report_id: '  ' }, BI_MSG.reportIdRequired],
      [{ name: 'Vendas', provider: 'metabase', report_id: 'abc' }, BI_MSG.metabaseIdInvalid],
      [{ name: 'Vendas', provider: 'metabase', report_id: '1,2,3' }, BI_MSG.tooManyIds],
      [{ name: 'Vendas', provider: 'powerbi', report_id: '12' }, BI_MSG.powerbiIdInvalid],
      [{ name: 'Vendas', provider: 'tableau', report_id: '12' }, BI_MSG.providerRequired],
    ];
    for (const [body, message] of cases) {
      const r = await create(ADMIN, { company_ids: [demoId], ...body });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const list = await http.get('/api/bi-reports?search=Vendas', { cookie: c(ADMIN) });
    expect(list.body.total).toBe(0);
  });

  it('is for admins only', async () => {
    for (const who of [MANAGER, OPERATOR]) {
      expect((await http.get('/api/bi-reports', { cookie: c(who) })).status).toBe(403);
      expect((await create(who, { name: 'X', provider: 'metabase', report_id: '1' })).status).toBe(403);
    }
    expect((await http.get('/api/bi-reports')).status).toBe(401);
  });

  it('keeps each admin to the companies they manage; the owner reaches all', async () => {
    const saved = await create(ADMIN, {
      name: 'Painel da Demo',
      provider: 'metabase',
      report_id: ' 7 ',
      company_ids: [demoId],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(BI_MSG.created);
    const id = Number(saved.body.id);
    const shown = await http.get(`/api/bi-reports/${id}`, { cookie: c(ADMIN) });
    expect(shown.body).toMatchObject({ name: 'Painel da Demo', report_id: '7', company_ids: [demoId] });

    // Another company's admin neither sees, changes nor deletes it, nor aims a report at the demo company.
    const foreignList = await http.get('/api/bi-reports', { cookie: c(OTHER_ADMIN) });
    expect((foreignList.body.items as TBiReport[]).map((r) => r.id)).not.toContain(id);
    expect((await http.get(`/api/bi-reports/${id}`, { cookie: c(OTHER_ADMIN) })).status).toBe(404);
    const put = await http.put(`/api/bi-reports/${id}`, {
      cookie: c(OTHER_ADMIN),
      body: { name: 'Tomado', provider: 'metabase', report_id: '1', company_ids: [] },
    });
    expect(put.status).toBe(404);
    expect((await http.delete(`/api/bi-reports/${id}`, { cookie: c(OTHER_ADMIN) })).status).toBe(404);
    const aimed = await create(OTHER_ADMIN, {
      name: 'Intruso',
      provider: 'metabase',
      report_id: '1',
      company_ids: [demoId],
    });
    expect(aimed.status).toBe(404);
    expect(aimed.body.message).toBe(BI_MSG.companyNotFound);
    const [row] = await ctx.db.select().from(biReports).where(eq(biReports.id, id));
    expect(row?.name).toBe('Painel da Demo');

    // The owner sees it and may show it to both companies; the demo admin then sees only their own company
    // and, saving, keeps the other one they cannot see.
    const lordPut = await http.put(`/api/bi-reports/${id}`, {
      cookie: c(LORD),
      body: { name: 'Painel da Demo', provider: 'metabase', report_id: '7', company_ids: [demoId, otherId] },
    });
    expect(lordPut.status).toBe(200);
    const asAdmin = await http.get(`/api/bi-reports/${id}`, { cookie: c(ADMIN) });
    expect(asAdmin.body.company_ids).toEqual([demoId]);
    expect(JSON.stringify(asAdmin.body)).not.toContain('Outra Empresa');
    const adminPut = await http.put(`/api/bi-reports/${id}`, {
      cookie: c(ADMIN),
      body: { name: 'Painel geral', provider: 'metabase', report_id: '7', company_ids: [demoId] },
    });
    expect(adminPut.body.message).toBe(BI_MSG.updated);
    const [after] = await ctx.db.select().from(biReports).where(eq(biReports.id, id));
    expect(after?.name).toBe('Painel geral');
    expect(after?.companyIds).toEqual([demoId, otherId].sort((a, b) => a - b));
  });

  it('lists by pages, finds by name, searches companies and deletes after which the report is gone', async () => {
    for (const n of ['Funil A', 'Funil B', 'Funil C'])
      await create(ADMIN, { name: n, provider: 'metabase', report_id: '3', company_ids: [demoId] });
    const page = await http.get('/api/bi-reports?search=funil&per_page=2&page=2', { cookie: c(ADMIN) });
    expect(page.body.total).toBe(3);
    expect((page.body.items as TBiReport[]).map((r) => r.name)).toEqual(['Funil A']);

    const mine = await http.get('/api/bi-reports/companies?term=outra', { cookie: c(ADMIN) });
    expect(mine.body).toEqual([]);
    const lords = await http.get('/api/bi-reports/companies?term=outra', { cookie: c(LORD) });
    expect(lords.body).toEqual([{ id: otherId, name: 'Outra Empresa' }]);

    const first = (page.body.items as TBiReport[])[0] as TBiReport;
    const del = await http.delete(`/api/bi-reports/${first.id}`, { cookie: c(ADMIN) });
    expect(del.body.message).toBe(BI_MSG.deleted);
    const again = await http.get('/api/bi-reports?search=funil', { cookie: c(ADMIN) });
    expect(again.body.total).toBe(2);
    const gone = await embed(MANAGER, first.id);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(BI_MSG.notFound);
  });

  it('says which providers this server has settings for, and lets the app frame them', async () => {
    const r = await http.get('/api/bi-reports/providers', { cookie: c(ADMIN) });
    expect(r.body).toEqual({ metabase: true, powerbi: true });
    const csp = String(r.res.headers['content-security-policy'] ?? '');
    const frameSrc = /frame-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(frameSrc.split(' ')).toEqual(
      expect.arrayContaining([METABASE_URL, 'https://app.powerbi.com', 'https://*.powerbi.com']),
    );
  });
});

describe('visualização (Metabase)', () => {
  it('signs a Metabase JWT for the dashboard, valid for 30 minutes, and embeds both reports of "a,b"', async () => {
    const saved = await create(ADMIN, {
      name: 'Atendimento completo',
      provider: 'metabase',
      report_id: '12, 15',
      company_ids: [demoId],
    });
    const id = Number(saved.body.id);
    const before = Math.floor(Date.now() / 1000);
    const r = await embed(MANAGER, id);
    expect(r.status).toBe(200);
    const view = r.body as unknown as TBiReportView;
    expect(view.name).toBe('Atendimento completo');
    expect(view.embeds.map((e) => e.report_id)).toEqual(['12', '15']);
    for (const [i, e] of view.embeds.entries()) {
      expect(e.kind).toBe('metabase');
      expect(e.token).toBeNull();
      const m =
        /^https:\/\/metabase\.prosa\.test\/embed\/dashboard\/([^#]+)#bordered=false&titled=true$/.exec(
          e.embed_url,
        );
      expect(m).not.toBeNull();
      const jwt = decodeJwt(m?.[1] ?? '');
      expect(jwt.valid).toBe(true);
      expect(jwt.header).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect(jwt.payload.resource).toEqual({ dashboard: i === 0 ? 12 : 15 });
      expect(jwt.payload.params).toEqual({});
      const exp = Number(jwt.payload.exp);
      expect(exp).toBeGreaterThanOrEqual(before + 30 * 60);
      expect(exp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 30 * 60);
      expect(new Date(e.expires_at).getTime()).toBe(exp * 1000);
    }
    // One panel refreshes on its own.
    const part = await embed(MANAGER, id, '?part=1');
    expect((part.body as unknown as TBiReportView).embeds.map((e) => e.report_id)).toEqual(['15']);
    // A wrong key does not validate the signature.
    const tampered = view.embeds[0]?.embed_url.split('/').pop()?.split('#')[0] ?? '';
    const [h, , s] = tampered.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ resource: { dashboard: 99 } })).toString('base64url')}.${s}`;
    expect(decodeJwt(forged).valid).toBe(false);
  });

  it('answers 401 with the spec text to a user whose company is not in the report', async () => {
    const saved = await create(ADMIN, {
      name: 'Só da Demo',
      provider: 'metabase',
      report_id: '4',
      company_ids: [demoId],
    });
    const id = Number(saved.body.id);
    for (const who of [OTHER_MANAGER, OTHER_ADMIN]) {
      const r = await embed(who, id);
      expect(r.status, who).toBe(401);
      expect(r.body.message).toBe(BI_MSG.noPermission);
      // The session goes on: the web goes to the chat, it does not log out.
      expect((await http.get('/api/auth/me', { cookie: c(who) })).status).toBe(200);
    }
    expect((await embed(OPERATOR, id)).status).toBe(403);
    expect((await embed(ADMIN, id)).status).toBe(200);
    expect((await embed(LORD, id)).status).toBe(200);
  });

  it('answers the load error when the installation lacks the provider settings', async () => {
    const saved = await create(ADMIN, {
      name: 'Sem chave',
      provider: 'metabase',
      report_id: '5',
      company_ids: [demoId],
    });
    const [manager] = await ctx.db.select().from(users).where(eq(users.email, MANAGER));
    const caller = {
      sessionId: 's',
      userId: manager?.id ?? 0,
      companyId: demoId,
      role: 1,
      displayName: 'Gestor',
    };
    const deps = { ...ctx.deps, config: { ...ctx.deps.config, METABASE_SECRET_KEY: undefined } };
    await expect(embedBiReport(deps, caller, Number(saved.body.id))).rejects.toMatchObject({
      httpStatus: 503,
      message: BI_MSG.loadError,
    });
  });
});

describe('visualização (Power BI)', () => {
  it('gets an app token by client credentials, the report and an embed token for its dataset', async () => {
    const report = peer.addReport({ name: 'Vendas' });
    peer.setEmbedTokenLifetime(90_000);
    const saved = await create(ADMIN, {
      name: 'Vendas (Power BI)',
      provider: 'powerbi',
      report_id: report.id.toUpperCase(),
      company_ids: [demoId],
    });
    expect(saved.status).toBe(200);
    const id = Number(saved.body.id);
    const calls = peer.calls.length;
    const r = await embed(MANAGER, id);
    expect(r.status).toBe(200);
    const [e] = (r.body as unknown as TBiReportView).embeds;
    const made = peer.calls.slice(calls);
    const tokenCall = made.find((x) => x.path.endsWith('/oauth2/v2.0/token'));
    expect(tokenCall?.path).toBe(`/${peer.tenantId}/oauth2/v2.0/token`);
    expect(tokenCall?.body).toEqual({
      grant_type: 'client_credentials',
      client_id: peer.clientId,
      client_secret: peer.clientSecret,
      scope: 'https://analysis.windows.net/powerbi/api/.default',
    });
    const reportCall = made.find((x) => x.method === 'GET');
    expect(reportCall?.path).toBe(`/v1.0/myorg/groups/${peer.workspaceId}/reports/${report.id}`);
    expect(reportCall?.authorization).toMatch(/^Bearer app-/);
    const generate = made.find((x) => x.path === '/v1.0/myorg/GenerateToken');
    expect(generate?.body).toEqual({ reports: [{ id: report.id }], datasets: [{ id: report.datasetId }] });

    const issued = peer.embedTokens.at(-1);
    expect(e).toMatchObject({ kind: 'powerbi', report_id: report.id, token: issued?.token });
    expect(e?.embed_url).toBe(`${peer.url}/reportEmbed?reportId=${report.id}&groupId=${peer.workspaceId}`);
    expect(e?.expires_at).toBe(issued?.expiration);
    const life = new Date(e?.expires_at ?? 0).getTime() - Date.now();
    expect(life).toBeGreaterThan(60_000);
    expect(life).toBeLessThanOrEqual(90_000);

    // A refresh reuses the app token and gets a new embed token; a revoked app token is fetched again once.
    const refreshed = await embed(MANAGER, id);
    const second = (refreshed.body as unknown as TBiReportView).embeds[0];
    expect(second?.token).not.toBe(e?.token);
    expect(peer.calls.slice(calls).filter((x) => x.path.endsWith('/token')).length).toBe(1);
    peer.revokeAppTokens();
    const afterRevoke = await embed(MANAGER, id);
    expect(afterRevoke.status).toBe(200);
    expect(peer.calls.slice(calls).filter((x) => x.path.endsWith('/token')).length).toBe(2);
  });

  it('answers "Não foi possível recuperar o relatório!" for a report the workspace does not have', async () => {
    const saved = await create(ADMIN, {
      name: 'Inexistente',
      provider: 'powerbi',
      report_id: '0f0f0f0f-0000-4000-8000-000000000000',
      company_ids: [demoId],
    });
    const r = await embed(MANAGER, Number(saved.body.id));
    expect(r.status).toBe(502);
    expect(r.body.message).toBe(BI_MSG.fetchError);
  });

  it('refuses wrong client credentials with the load error', async () => {
    const report = peer.addReport();
    const wrong = powerBiProvider(
      { ...ctx.deps.config, POWERBI_CLIENT_ID: 'outro-cliente', POWERBI_CLIENT_SECRET: 'errado' },
      ctx.deps.outbound,
    );
    await expect(wrong?.embed(report.id, { userId: 1, companyId: demoId })).rejects.toMatchObject({
      httpStatus: 502,
      message: BI_MSG.loadError,
    });
    const refused = peer.calls.at(-1);
    expect(refused?.path).toBe(`/${peer.tenantId}/oauth2/v2.0/token`);
    expect(peer.embedTokens.some((t) => t.reports.includes(report.id))).toBe(false);
  });
});
