import { BI_MSG, type TBiReport } from '@prosa/shared/bi-reports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MANAGER, OPERATOR, OTHER_ADMIN } from '../../../test/helpers/test-app';
import { biReports } from '../../db/schema/back-office';
import { type BiWorld, LORD, METABASE_URL, startBiWorld } from './bi-test-world';

// BI report definitions against the real database: the spec 3 §5 texts, admins only, which admin reaches which
// definition and company, pages, search, soft delete, the configured providers and the frames the app allows.

let w: BiWorld;
let http: BiWorld['http'];
let demoId: number;
let otherId: number;
let c: BiWorld['c'];
let create: BiWorld['create'];
let embed: BiWorld['embed'];

beforeAll(async () => {
  w = await startBiWorld();
  ({ http, demoId, otherId, c, create, embed } = w);
}, 120_000);
afterAll(() => w?.close());

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
    const [row] = await w.ctx.db.select().from(biReports).where(eq(biReports.id, id));
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
    const [after] = await w.ctx.db.select().from(biReports).where(eq(biReports.id, id));
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
