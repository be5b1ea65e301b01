import { createHmac } from 'node:crypto';
import { BI_MSG, type TBiReportView } from '@prosa/shared/bi-reports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MANAGER, OPERATOR, OTHER_ADMIN } from '../../../test/helpers/test-app';
import { users } from '../../db/schema/users';
import { type BiWorld, LORD, METABASE_KEY, OTHER_MANAGER, startBiWorld } from './bi-test-world';
import { embedBiReport } from './embed-bi-report';
import { powerBiProvider } from './providers/powerbi';

// The BI viewer against the real database and a local Power BI: who may see a report (the spec's 401), Metabase's
// signed JWT, Power BI's client credentials, report lookup and embed tokens, and the spec 3 §8 error texts.

let w: BiWorld;
let http: BiWorld['http'];
let demoId: number;
let c: BiWorld['c'];
let create: BiWorld['create'];
let embed: BiWorld['embed'];

beforeAll(async () => {
  w = await startBiWorld();
  ({ http, demoId, c, create, embed } = w);
}, 120_000);
afterAll(() => w?.close());

function decodeJwt(jwt: string) {
  const [head = '', payload = '', signature = ''] = jwt.split('.');
  const expected = createHmac('sha256', METABASE_KEY).update(`${head}.${payload}`).digest('base64url');
  return {
    header: JSON.parse(Buffer.from(head, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
    valid: signature === expected,
  };
}

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
    const [manager] = await w.ctx.db.select().from(users).where(eq(users.email, MANAGER));
    const caller = {
      sessionId: 's',
      userId: manager?.id ?? 0,
      companyId: demoId,
      role: 1,
      displayName: 'Gestor',
    };
    const deps = { ...w.ctx.deps, config: { ...w.ctx.deps.config, METABASE_SECRET_KEY: undefined } };
    await expect(embedBiReport(deps, caller, Number(saved.body.id))).rejects.toMatchObject({
      httpStatus: 503,
      message: BI_MSG.loadError,
    });
  });
});

describe('visualização (Power BI)', () => {
  it('gets an app token by client credentials, the report and an embed token for its dataset', async () => {
    const report = w.peer.addReport({ name: 'Vendas' });
    w.peer.setEmbedTokenLifetime(90_000);
    const saved = await create(ADMIN, {
      name: 'Vendas (Power BI)',
      provider: 'powerbi',
      report_id: report.id.toUpperCase(),
      company_ids: [demoId],
    });
    expect(saved.status).toBe(200);
    const id = Number(saved.body.id);
    const calls = w.peer.calls.length;
    const r = await embed(MANAGER, id);
    expect(r.status).toBe(200);
    const [e] = (r.body as unknown as TBiReportView).embeds;
    const made = w.peer.calls.slice(calls);
    const tokenCall = made.find((x) => x.path.endsWith('/oauth2/v2.0/token'));
    expect(tokenCall?.path).toBe(`/${w.peer.tenantId}/oauth2/v2.0/token`);
    expect(tokenCall?.body).toEqual({
      grant_type: 'client_credentials',
      client_id: w.peer.clientId,
      client_secret: w.peer.clientSecret,
      scope: 'https://analysis.windows.net/powerbi/api/.default',
    });
    const reportCall = made.find((x) => x.method === 'GET');
    expect(reportCall?.path).toBe(`/v1.0/myorg/groups/${w.peer.workspaceId}/reports/${report.id}`);
    expect(reportCall?.authorization).toMatch(/^Bearer app-/);
    const generate = made.find((x) => x.path === '/v1.0/myorg/GenerateToken');
    expect(generate?.body).toEqual({ reports: [{ id: report.id }], datasets: [{ id: report.datasetId }] });

    const issued = w.peer.embedTokens.at(-1);
    expect(e).toMatchObject({ kind: 'powerbi', report_id: report.id, token: issued?.token });
    expect(e?.embed_url).toBe(
      `${w.peer.url}/reportEmbed?reportId=${report.id}&groupId=${w.peer.workspaceId}`,
    );
    expect(e?.expires_at).toBe(issued?.expiration);
    const life = new Date(e?.expires_at ?? 0).getTime() - Date.now();
    expect(life).toBeGreaterThan(60_000);
    expect(life).toBeLessThanOrEqual(90_000);

    // A refresh reuses the app token and gets a new embed token; a revoked app token is fetched again once.
    const refreshed = await embed(MANAGER, id);
    const second = (refreshed.body as unknown as TBiReportView).embeds[0];
    expect(second?.token).not.toBe(e?.token);
    expect(w.peer.calls.slice(calls).filter((x) => x.path.endsWith('/token')).length).toBe(1);
    w.peer.revokeAppTokens();
    const afterRevoke = await embed(MANAGER, id);
    expect(afterRevoke.status).toBe(200);
    expect(w.peer.calls.slice(calls).filter((x) => x.path.endsWith('/token')).length).toBe(2);
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
    const report = w.peer.addReport();
    const wrong = powerBiProvider(
      { ...w.ctx.deps.config, POWERBI_CLIENT_ID: 'outro-cliente', POWERBI_CLIENT_SECRET: 'errado' },
      w.ctx.deps.outbound,
    );
    await expect(wrong?.embed(report.id, { userId: 1, companyId: demoId })).rejects.toMatchObject({
      httpStatus: 502,
      message: BI_MSG.loadError,
    });
    const refused = w.peer.calls.at(-1);
    expect(refused?.path).toBe(`/${w.peer.tenantId}/oauth2/v2.0/token`);
    expect(w.peer.embedTokens.some((t) => t.reports.includes(report.id))).toBe(false);
  });
});
