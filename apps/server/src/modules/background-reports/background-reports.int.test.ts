import { REPORT_MSG, type TReportTable } from '@prosa/shared/reports';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { sectors } from '../../db/schema/organization';
import { backgroundReports } from '../../db/schema/reports';
import { REPORT_RUNNERS } from '../reports/catalogue';
import type { ReportRunner } from '../reports/types';
import { queuePeriodicReports } from './queue-periodic-reports';
import { resumeBackgroundReports } from './resume-background-reports';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let gestor: string;
let operador: string;
let other: string;
let companyId: number;
const saved: Partial<typeof REPORT_RUNNERS> = {};

// The runners of the reports are tested with their own files; here a small one reads real rows (the company's
// sectors), so what the job writes can be compared with the database.
const sectorsRunner: ReportRunner = async (c) => {
  const rows = await c.db
    .select({ name: sectors.name })
    .from(sectors)
    .where(eq(sectors.companyId, c.companyId))
    .orderBy(sectors.name);
  const table: TReportTable = {
    title: 'Setores',
    columns: [
      { key: 'name', label: 'Setor', kind: 'text' },
      { key: 'n', label: 'Número', kind: 'int' },
    ],
    rows: rows.map((r, i) => ({ name: r.name, n: i + 1 })),
    totals: { name: 'Total', n: rows.length },
  };
  return table;
};
// Holds the report in Processando long enough to cancel it.
const slowRunner: ReportRunner = async (c) => {
  await c.db.execute(sql`select pg_sleep(1.5)`);
  return sectorsRunner(c);
};

async function setMeta(patch: (m: Record<string, unknown>) => Record<string, unknown>) {
  const meta = (await http.get('/api/company/metadata', { cookie: gestor })).body;
  const r = await http.put('/api/company/metadata', { cookie: gestor, body: patch(meta) });
  expect(r.status).toBe(200);
}

async function allowBackground(on: boolean, emails = '') {
  await setMeta((m) => ({
    ...m,
    allow: { ...(m.allow as object), background_reports: on },
    reports: { ...(m.reports as object), analytic: { period: 10 }, emails },
  }));
}

type Row = { id: string; status: string; status_label: string; rows: number | null; error: string | null };

async function listed(query = '', cookie = gestor) {
  const r = await http.get(`/api/reports/background${query}`, { cookie });
  return r as typeof r & { body: { rows: Row[]; total: number; page: number; count: number } };
}

async function statusOf(id: string) {
  return (await listed('?count=100')).body.rows.find((r) => r.id === id);
}

async function finished(id: string) {
  return waitFor(async () => {
    const r = await statusOf(id);
    return r && !['queued', 'processing'].includes(r.status) ? r : null;
  });
}

// The download is CSV, not JSON: asked without the JSON helper.
async function download(id: string, cookie = gestor) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/reports/background/${id}/download`,
    headers: { cookie },
  });
  return { status: res.statusCode, res };
}

async function ask(body: Record<string, unknown>, cookie = gestor) {
  return http.post('/api/reports/background', { cookie, body });
}

beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
  gestor = await http.login(MANAGER);
  operador = await http.login(OPERATOR);
  other = await http.login(OTHER_ADMIN);
  const [c] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, 'Empresa Demo'));
  companyId = c?.id ?? 0;
  saved.analytic = REPORT_RUNNERS.analytic;
  saved.flows = REPORT_RUNNERS.flows;
  saved.productivity = REPORT_RUNNERS.productivity;
  REPORT_RUNNERS.analytic = sectorsRunner;
  REPORT_RUNNERS.flows = sectorsRunner;
  REPORT_RUNNERS.productivity = slowRunner;
});
afterAll(async () => {
  Object.assign(REPORT_RUNNERS, saved);
  await ctx.close();
});

describe('asking for a background report', () => {
  it('is refused while the company does not allow background reports, except the flows report', async () => {
    await allowBackground(false);
    const refused = await ask({
      type: 'analytic',
      filters: { fromDate: '01/11/2026', toDate: '10/11/2026' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(REPORT_MSG.backgroundOff);

    const flows = await ask({
      type: 'flows',
      filters: { fromDate: '01/11/2026', toDate: '10/11/2026', emails: 'destino@cliente.com.br' },
    });
    expect(flows.status).toBe(201);
    expect(flows.body.message).toBe(REPORT_MSG.sentToBackground);
    const row = await finished(String(flows.body.id));
    expect(row.error).toBeNull();
    expect(row.status).toBe('done');
    // Requester and recipient both get the link.
    const mail = await ctx.smtp.waitFor('destino@cliente.com.br');
    expect(mail.subject).toBe('Relatório Fluxos pronto');
    expect(mail.body).toContain('01/11/2026 a 10/11/2026');
    expect(mail.body).toContain('http://prosa.test/api/files/reports/');
    await ctx.smtp.waitFor(MANAGER);
  });

  it('checks the filters as the report screen does', async () => {
    await allowBackground(true);
    const cases: [Record<string, unknown>, string][] = [
      [
        { type: 'analytic', filters: { fromDate: '10/11/2026', toDate: '01/11/2026' } },
        REPORT_MSG.startAfterEnd,
      ],
      [
        { type: 'analytic', filters: { fromDate: '01/09/2026', toDate: '30/11/2026' } },
        'O período máximo deste relatório é de 30 dias.',
      ],
      [
        { type: 'flows', filters: { fromDate: '01/11/2026', toDate: '10/11/2026' } },
        REPORT_MSG.flowsRecipients,
      ],
      [
        { type: 'triggers', filters: { fromDate: '01/11/2026', toDate: '10/11/2026' } },
        REPORT_MSG.triggerChannel,
      ],
      [{ type: 'nada', filters: {} }, 'Relatório não encontrado.'],
      [{ type: 'analytic', filters: { fromDate: '31/02/2026' } }, REPORT_MSG.invalidDate],
    ];
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(backgroundReports);
    for (const [body, message] of cases) {
      const r = await ask(body);
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(backgroundReports);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('is for managers: an operator gets 403', async () => {
    const r = await ask({ type: 'analytic', filters: {} }, operador);
    expect(r.status).toBe(403);
    expect((await listed('', operador)).status).toBe(403);
  });
});

describe('the job and the download', () => {
  it('goes Na fila → Finalizado and downloads the CSV with its name', async () => {
    await allowBackground(true);
    const mailsBefore = ctx.smtp.inbox.length;
    const r = await ask({ type: 'analytic', filters: { fromDate: '2026-11-01', toDate: '2026-11-10' } });
    expect(r.status).toBe(201);
    const id = String(r.body.id);
    const row = await finished(id);
    expect(row.status_label).toBe('Finalizado');
    const names = await ctx.db
      .select({ name: sectors.name })
      .from(sectors)
      .where(eq(sectors.companyId, companyId))
      .orderBy(sectors.name);
    expect(row.rows).toBe(names.length);

    const file = await download(id, gestor);
    expect(file.status).toBe(200);
    expect(file.res.headers['content-disposition']).toBe(
      'attachment; filename="relatorio-analitico-2026-11-01-a-2026-11-10.csv"',
    );
    const lines = file.res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Setores - 01/11/2026 a 10/11/2026');
    expect(lines[1]).toBe('Setor;Número');
    expect(lines[2]).toBe(`${names[0]?.name};1`);
    expect(lines[names.length + 2]).toBe(`Total;${names.length}`);

    // The requester's e-mail has the signed link, which serves the same file without a session.
    const mail = await ctx.smtp.waitFor(MANAGER, mailsBefore);
    expect(mail.subject).toBe('Relatório Analítico pronto');
    const link = /http:\/\/prosa\.test(\/api\/files\/\S+)/.exec(mail.body)?.[1] ?? '';
    const viaLink = await ctx.app.inject({ method: 'GET', url: link.replace(/&amp;/g, '&') });
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.body).toBe(file.res.body);
  });

  it('a report that fails ends in Erro with its message', async () => {
    // The pause control report needs the pause control on; the job checks it again when it runs.
    await allowBackground(true);
    const [inserted] = await ctx.db
      .insert(backgroundReports)
      .values({
        companyId,
        userId: null,
        type: 'session-control',
        filters: { fromDate: '2026-11-01', toDate: '2026-11-02' },
      })
      .returning({ id: backgroundReports.id });
    await resumeBackgroundReports(ctx.deps, new Date(Date.now() + 120_000));
    const row = await finished(inserted?.id ?? '');
    expect(row.status).toBe('failed');
    expect(row.status_label).toBe('Erro');
    expect(row.error).toBe(REPORT_MSG.controlPauseOff);
    const file = await download(row.id, gestor);
    expect(file.status).toBe(404);
  });

  it('cancelled while processing stays Cancelado, keeps no file; a finished one cannot be cancelled', async () => {
    await allowBackground(true);
    const r = await ask({ type: 'productivity', filters: { fromDate: '2026-11-01', toDate: '2026-11-02' } });
    const id = String(r.body.id);
    await waitFor(async () => (await statusOf(id))?.status === 'processing');
    const cancel = await http.post(`/api/reports/background/${id}/cancel`, { cookie: gestor });
    expect(cancel.status).toBe(200);
    expect(cancel.body.message).toBe('Relatório cancelado.');
    // The job ends after the cancellation and leaves it as it is.
    await new Promise((done) => setTimeout(done, 2500));
    const [record] = await ctx.db
      .select()
      .from(backgroundReports)
      .where(and(eq(backgroundReports.companyId, companyId), eq(backgroundReports.id, id)));
    expect(record?.status).toBe('cancelled');
    expect(record?.filePath).toBeNull();
    const key = `reports/${companyId}/${id}/relatorio-produtividade-2026-11-01-a-2026-11-02.csv`;
    expect(await ctx.deps.storage.get(key)).toBeNull();
    const again = await http.post(`/api/reports/background/${id}/cancel`, { cookie: gestor });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Só é possível cancelar relatórios na fila ou em processamento.');
  });

  it('delete removes the row and its file', async () => {
    await allowBackground(true);
    const r = await ask({ type: 'analytic', filters: { fromDate: '2026-11-01', toDate: '2026-11-03' } });
    const id = String(r.body.id);
    await finished(id);
    const [record] = await ctx.db.select().from(backgroundReports).where(eq(backgroundReports.id, id));
    expect(await ctx.deps.storage.get(record?.filePath ?? '')).not.toBeNull();
    const del = await http.delete(`/api/reports/background/${id}`, { cookie: gestor });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Relatório excluído.');
    expect(await ctx.deps.storage.get(record?.filePath ?? '')).toBeNull();
    expect(await statusOf(id)).toBeUndefined();
    expect((await http.delete(`/api/reports/background/${id}`, { cookie: gestor })).status).toBe(404);
  });

  it("another company's report is not found; a bad id is 400", async () => {
    await allowBackground(true);
    const r = await ask({ type: 'analytic', filters: { fromDate: '2026-11-01', toDate: '2026-11-04' } });
    const id = String(r.body.id);
    await finished(id);
    expect((await download(id, other)).status).toBe(404);
    expect((await http.post(`/api/reports/background/${id}/cancel`, { cookie: other })).status).toBe(404);
    expect((await http.delete(`/api/reports/background/${id}`, { cookie: other })).status).toBe(404);
    expect((await listed('', other)).body.rows.some((x) => x.id === id)).toBe(false);
    expect((await download(id, gestor)).status).toBe(200);
    const bad = await download('123');
    expect(bad.status).toBe(400);
  });
});

describe('the list', () => {
  it('filters by status, pages by 25/50/100 and refuses other sizes', async () => {
    const all = await listed('?count=100');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(100);
    expect(all.body.total).toBe(all.body.rows.length);
    const done = await listed('?status=done&count=25');
    expect(done.body.rows.length).toBeGreaterThan(0);
    expect(done.body.rows.every((r) => r.status === 'done')).toBe(true);
    expect(done.body.total).toBe(all.body.rows.filter((r) => r.status === 'done').length);
    const cancelled = await listed('?status=cancelled');
    expect(cancelled.body.count).toBe(50);
    expect(cancelled.body.rows.map((r) => r.status_label)).toEqual(['Cancelado']);
    const page2 = await listed('?count=25&page=2');
    expect(page2.body.rows).toEqual([]);
    const bad = await listed('?count=30');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Quantidade por página inválida.');
    expect((await listed('?status=nada')).status).toBe(400);
  });
});

describe('periodic reports of the reports settings', () => {
  it('queues one per filled period (capped at the maximum, triggers per WhatsApp channel), once', async () => {
    const [sector] = await ctx.db.select().from(sectors).where(eq(sectors.companyId, companyId)).limit(1);
    const channel = (kind: string, name: string, deletedAt: Date | null = null) => ({
      companyId,
      kind,
      name,
      defaultSectorId: sector?.id ?? 0,
      routeKey: `periodic-${name}`,
      deletedAt,
    });
    const made = await ctx.db
      .insert(channels)
      .values([
        channel('waweb', 'wa1'),
        channel('waent', 'wa2'),
        channel('webchat', 'site'),
        channel('waweb', 'apagado', new Date()),
      ])
      .returning({ id: channels.id, kind: channels.kind, name: channels.name });
    await setMeta((m) => ({
      ...m,
      allow: { ...(m.allow as object), background_reports: true },
      reports: {
        ...(m.reports as object),
        analytic: { period: 45 },
        triggers: { period: 7 },
        produtivity: { period: null },
        emails: 'diretoria@empresademo.com.br, ops@empresademo.com.br',
      },
    }));
    await ctx.db.delete(backgroundReports);
    // 03:00 UTC on 15/11 is 00:00 in São Paulo: yesterday there is 14/11.
    const now = new Date('2026-11-15T03:00:00Z');
    expect(await queuePeriodicReports({ db: ctx.db, queue: null }, now)).toBe(3);
    const rows = await ctx.db.select().from(backgroundReports).orderBy(backgroundReports.type);
    expect(rows.every((r) => r.companyId === companyId && r.userId === null && r.status === 'queued')).toBe(
      true,
    );
    expect(
      rows.every((r) => r.emailTo.join(',') === 'diretoria@empresademo.com.br,ops@empresademo.com.br'),
    ).toBe(true);
    const analytic = rows.filter((r) => r.type === 'analytic');
    expect(analytic.map((r) => r.filters)).toEqual([{ fromDate: '2026-10-16', toDate: '2026-11-14' }]);
    const wa = made.filter((c) => c.name === 'wa1' || c.name === 'wa2').map((c) => c.id);
    expect(
      rows
        .filter((r) => r.type === 'triggers')
        .map((r) => r.filters)
        .sort((a, b) => Number(a.channel_id) - Number(b.channel_id)),
    ).toEqual(
      wa
        .sort((a, b) => a - b)
        .map((id) => ({ fromDate: '2026-11-08', toDate: '2026-11-14', channel_id: id })),
    );
    // The same day again queues nothing more.
    expect(await queuePeriodicReports({ db: ctx.db, queue: null }, now)).toBe(0);

    // Without e-mails, or with background reports off, nothing is queued.
    await ctx.db.delete(backgroundReports);
    await setMeta((m) => ({ ...m, reports: { ...(m.reports as object), emails: '' } }));
    expect(await queuePeriodicReports({ db: ctx.db, queue: null }, now)).toBe(0);
    await setMeta((m) => ({
      ...m,
      allow: { ...(m.allow as object), background_reports: false },
      reports: { ...(m.reports as object), emails: 'diretoria@empresademo.com.br' },
    }));
    expect(await queuePeriodicReports({ db: ctx.db, queue: null }, now)).toBe(0);
    expect((await ctx.db.select().from(backgroundReports)).length).toBe(0);
  });
});
