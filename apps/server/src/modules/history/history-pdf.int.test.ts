import { formatDate } from '@prosa/shared/dates';
import { REPORT_MSG } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { historyPdf } from './history-pdf';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: string;
let gestor: string;
const protocols: Record<string, string> = {};

const day = (offset: number) =>
  formatDate(new Date(Date.now() + offset * 86_400_000), 'America/Sao_Paulo')
    .split('/')
    .reverse()
    .join('-');
const period = () => `fromDate=${day(-1)}&toDate=${day(1)}`;

async function closedConversation(name: string) {
  const v = await newVisitor(ctx, name);
  await v.send('Olá, preciso de ajuda');
  const list = await http.get('/api/attendances', { cookie: admin });
  const card = (list.body.items as { id: number; name: string; sector_id: number; protocol: string }[]).find(
    (c) => c.name === name,
  );
  if (!card) throw new Error('sem card');
  await http.post(`/api/set-status/${ids.companyId}/${card.sector_id}/${ids.user(ADMIN)}`, {
    cookie: admin,
    body: { status: ids.status('Resolvido'), contact: card.id },
  });
  protocols[name] = card.protocol;
}

async function pdfOf(query: string, cookie = gestor) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/history/pdf?${query}`, headers: { cookie } });
  return res;
}

/** The text the page streams draw: PDFKit writes standard-font text as hex strings in TJ arrays. */
function shownText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const m of raw.matchAll(/\[([^\]]*)\] TJ/g)) {
    const hex = [...(m[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
    parts.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return parts.join('\n');
}

beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
  ids = await demoIds(ctx);
  admin = await http.login(ADMIN);
  gestor = await http.login(MANAGER);
  await closedConversation('Quitéria PDF');
  await closedConversation('Rafael PDF');
});
afterAll(() => ctx.close());

describe('history PDF', () => {
  it('answers a PDF named by the period, with title, company, period and each attendance', async () => {
    const res = await pdfOf(period());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="historico-${day(-1)}-a-${day(1)}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const caller = {
      companyId: ids.companyId,
      userId: ids.user(MANAGER),
      role: 1,
      sessionId: '',
      displayName: '',
    };
    const { pdf } = await historyPdf(
      { db: ctx.db },
      caller,
      { fromDate: day(-1), toDate: day(1), only_open: false },
      { compress: false },
    );
    const text = shownText(pdf);
    expect(text).toContain('Histórico de atendimentos');
    expect(text).toContain('Empresa: Empresa Demo');
    expect(text).toContain(
      `Período: ${formatDate(new Date(Date.now() - 86_400_000), 'America/Sao_Paulo')} a`,
    );
    expect(text).toContain('Protocolo');
    expect(text).toContain(protocols['Quitéria PDF']);
    expect(text).toContain(protocols['Rafael PDF']);
    expect(text).toContain('Quitéria PDF');
    expect(text).toContain('Resolvido');
    expect(text).toContain('Página 1 de 1');
  });

  it('breaks long lists into pages, the header on each, numbered', async () => {
    // 70 more finalized attendances, copies of one of ours with their own protocols.
    const cols = await ctx.db.execute<{ column_name: string }>(sql`
      select column_name from information_schema.columns
       where table_schema = current_schema() and table_name = 'attendances'
         and column_name not in ('id', 'protocol') and is_generated = 'NEVER'`);
    const list = cols.rows.map((c) => `"${c.column_name}"`).join(', ');
    await ctx.db.execute(
      sql.raw(`insert into attendances (protocol, ${list})
               select 'COPIA' || lpad(g::text, 4, '0'), ${list}
                 from attendances cross join generate_series(1, 70) g
                where protocol = '${protocols['Rafael PDF']}'`),
    );
    const caller = {
      companyId: ids.companyId,
      userId: ids.user(MANAGER),
      role: 1,
      sessionId: '',
      displayName: '',
    };
    const { pdf } = await historyPdf(
      { db: ctx.db },
      caller,
      { fromDate: day(-1), toDate: day(1), only_open: false },
      { compress: false },
    );
    const text = shownText(pdf);
    const pages = Number(/Página 1 de (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    // The table's header opens every page.
    expect(text.split('Encerramento').length - 1).toBe(pages);
    expect(text).toContain('COPIA0001');
    expect(text).toContain('COPIA0070');
    expect(text).toContain('Atendimentos: 72');
  });

  it('says there is no data in an empty period', async () => {
    const res = await pdfOf('fromDate=2020-01-01&toDate=2020-01-10');
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body).message).toBe(REPORT_MSG.noData);
    expect(REPORT_MSG.noData).toBe('Sem dados neste período.');
  });

  it('checks the filters, the role and the company', async () => {
    const bad = await pdfOf('fromDate=2026-01-01&toDate=2026-11-30');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).message).toBe('O canal de entrada deve ser informado.');
    const ana = await http.login(OPERATOR);
    expect((await pdfOf(period(), ana)).statusCode).toBe(403);
    // Another company's manager sees its own history: none of ours.
    const other = await http.login(OTHER_ADMIN);
    const theirs = await pdfOf(period(), other);
    expect(theirs.statusCode).toBe(404);
    expect(JSON.parse(theirs.body).message).toBe(REPORT_MSG.noData);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/history/pdf?${period()}` })).statusCode).toBe(
      401,
    );
  });
});
