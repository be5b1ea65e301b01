import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { spAt } from '../../../test/helpers/report-c-fixtures';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { companies } from '../../db/schema/companies';
import { negotiations, negotiators } from '../../db/schema/negotiator';

// The negotiation report (issue 23; spec 3 §4 /reports/negotiation {fromDate, toDate, status}): rows written
// straight into negotiators and negotiations, as the negotiation core leaves them.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let demoCompany: number;
let otherCompany: number;

type Table = {
  title: string;
  rows: Record<string, unknown>[];
  tables: { title: string; rows: { item: string; count: number; amount: string }[] }[];
  total: number;
};

const MARCH = { fromDate: '01/03/2026', toDate: '31/03/2026' };
const SLIP = {
  amount_cents: 85000,
  due_date: '2026-03-13',
  our_number: '00000000001',
  barcode: '2379'.padEnd(44, '1'),
  digitable_line: '23790.12340 90000.000001 00012.345607 1 13800000085000',
  offer_label: 'À vista',
  installments: 1,
  file_url: null,
};

async function report(query: Record<string, string>, cookie = manager) {
  return http.get(`/api/reports/negotiation?${new URLSearchParams(query)}`, { cookie });
}
async function table(query: Record<string, string>, cookie = manager) {
  const r = await report(query, cookie);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Table;
}

async function negotiator(companyId: number, name: string, deleted = false) {
  const [row] = await ctx.db
    .insert(negotiators)
    .values({
      companyId,
      name,
      mailingId: 1,
      multichannelId: 1,
      statusValidateDocument: 1,
      statusEmittedInvoice: 2,
      statusNotEmittedInvoice: 3,
      hash: randomUUID().slice(0, 16),
      deletedAt: deleted ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('negociador');
  return row;
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  manager = await http.login(MANAGER);
  demoCompany = (await demoIds(ctx)).companyId;
  const [other] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
  otherCompany = other?.id ?? 0;

  const chat = await negotiator(demoCompany, 'Cobrança <b>Chat</b>');
  const old = await negotiator(demoCompany, 'Negociador antigo', true);
  const foreign = await negotiator(otherCompany, 'Negociador da Outra');
  const base = { companyId: demoCompany, negotiatorId: chat.id };
  await ctx.db.insert(negotiations).values([
    {
      ...base,
      source: 'chat',
      channelKind: 'web',
      attendanceId: 1,
      step: 'finished',
      attempts: 1,
      document: '12345678909',
      debtorName: 'Marina Lopes',
      outcome: 'emitted',
      slip: SLIP,
      startedAt: spAt('2026-03-10', '09:30'),
      finishedAt: spAt('2026-03-10', '09:35'),
    },
    {
      ...base,
      source: 'hotsite',
      token: randomUUID(),
      step: 'finished',
      document: '11222333000181',
      debtorName: 'Empresa Devedora Ltda',
      outcome: 'emitted',
      slip: { ...SLIP, amount_cents: 12050 },
      startedAt: spAt('2026-03-12', '14:00'),
    },
    {
      ...base,
      negotiatorId: old.id,
      source: 'hotsite',
      token: randomUUID(),
      step: 'finished',
      document: '52998224725',
      debtorName: 'Carlos Silva',
      outcome: 'declined',
      startedAt: spAt('2026-03-15', '11:00'),
    },
    {
      ...base,
      source: 'chat',
      channelKind: 'waent',
      step: 'finished',
      attempts: 3,
      outcome: 'not_found',
      startedAt: spAt('2026-03-20', '08:00'),
    },
    {
      ...base,
      source: 'chat',
      channelKind: 'nc',
      step: 'offers',
      document: '39053344705',
      debtorName: 'Helena Prado',
      startedAt: spAt('2026-03-31', '23:30'),
    },
    // Outside the period (1 April in São Paulo) and another company's.
    {
      ...base,
      source: 'hotsite',
      token: randomUUID(),
      step: 'document',
      startedAt: spAt('2026-04-01', '00:10'),
    },
    {
      companyId: otherCompany,
      negotiatorId: foreign.id,
      source: 'hotsite',
      token: randomUUID(),
      step: 'finished',
      outcome: 'emitted',
      slip: SLIP,
      document: '46834723412',
      debtorName: 'Cliente da Outra',
      startedAt: spAt('2026-03-10'),
    },
  ]);
});
afterAll(() => ctx.close());

describe('negotiation report', () => {
  it('lists each negotiation of the period with masked documents, the slip and a summary', async () => {
    const t = await table(MARCH);
    expect(t.title).toBe('Negociação');
    expect(t.total).toBe(5);
    expect(t.rows.map((r) => r.debtor)).toEqual([
      'Marina Lopes',
      'Empresa Devedora Ltda',
      'Carlos Silva',
      '',
      'Helena Prado',
    ]);
    expect(t.rows[0]).toEqual({
      started_at: '10/03/2026 09:30:00',
      negotiator: 'Cobrança <b>Chat</b>',
      source: 'Chat',
      channel: 'Web chat',
      document: '***.456.789-**',
      debtor: 'Marina Lopes',
      result: 'Boleto emitido',
      amount: 'R$ 850,00',
      due_date: '13/03/2026',
      digitable_line: SLIP.digitable_line,
    });
    expect(t.rows[1]).toMatchObject({
      source: 'Hotsite',
      channel: 'Hotsite',
      document: '**.222.333/0001-**',
    });
    expect(t.rows[2]).toMatchObject({
      negotiator: 'Negociador antigo (Excluído)',
      result: 'Recusada',
      amount: '',
      digitable_line: '',
    });
    expect(t.rows[3]).toMatchObject({ result: 'Documento não localizado', document: '' });
    expect(t.rows[4]).toMatchObject({
      result: 'Em andamento (escolhendo oferta)',
      started_at: '31/03/2026 23:30:00',
    });

    const summary = t.tables.find((x) => x.title === 'Resumo')?.rows ?? [];
    const get = (item: string) => summary.find((s) => s.item === item);
    expect(get('Negociações iniciadas')?.count).toBe(5);
    expect(get('Documentos inválidos ou sem débitos informados')?.count).toBe(4);
    expect(get('Documentos validados')?.count).toBe(4);
    expect(get('Boleto emitido')).toEqual({ item: 'Boleto emitido', count: 2, amount: 'R$ 970,50' });
    expect(get('Recusada')?.count).toBe(1);
    expect(get('Documento não localizado')?.count).toBe(1);
    expect(get('Em andamento')?.count).toBe(1);
    expect(get('Abandonada')?.count).toBe(0);
  });

  it('filters by status', async () => {
    const count = async (status: string) => (await table({ ...MARCH, status })).total;
    expect(await count('all')).toBe(5);
    expect(await count('emitted')).toBe(2);
    expect(await count('declined')).toBe(1);
    expect(await count('not_found')).toBe(1);
    expect(await count('open')).toBe(1);
    expect(await count('abandoned')).toBe(0);
    const emitted = await table({ ...MARCH, status: 'emitted' });
    expect(emitted.rows.every((r) => r.result === 'Boleto emitido')).toBe(true);
    const r = await report({ ...MARCH, status: 'pago' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Situação inválida.');
  });

  it('exports CSV with the masked documents and the summary', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/reports/negotiation?fromDate=01/03/2026&toDate=31/03/2026&format=csv',
      headers: { cookie: manager },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="relatorio-negociacao.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toContain('Negociação - 01/03/2026 a 31/03/2026');
    expect(lines[1]).toContain('Início;Negociador;Origem;Canal;Documento;Devedor;Etapa/resultado');
    expect(res.body).toContain('***.456.789-**');
    expect(res.body).not.toContain('12345678909');
    expect(res.body).toContain('Resumo');
    expect(res.body).toContain('Boleto emitido;2;R$ 970,50');
  });

  it('keeps each company to its own negotiations and refuses bad dates and operators', async () => {
    const other = await http.login(OTHER_ADMIN);
    const t = await table(MARCH, other);
    expect(t.total).toBe(1);
    expect(t.rows[0]).toMatchObject({ debtor: 'Cliente da Outra', negotiator: 'Negociador da Outra' });

    const bad = await report({ fromDate: '31/02/2026', toDate: '31/03/2026' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Data inválida.');
    const reversed = await report({ fromDate: '31/03/2026', toDate: '01/03/2026' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('A data de início deve ser menor ou igual a data de fim!');

    const operator = await http.login(OPERATOR);
    expect((await report(MARCH, operator)).status).toBe(403);
  });

  it('answers an empty period as no rows and an empty CSV as the spec text', async () => {
    const t = await table({ fromDate: '01/01/2026', toDate: '31/01/2026' });
    expect(t.total).toBe(0);
    expect(t.rows).toEqual([]);
    const r = await http.get('/api/reports/negotiation?fromDate=01/01/2026&toDate=31/01/2026&format=csv', {
      cookie: manager,
    });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Não foram encontrados dados para os filtros aplicados.');
  });
});
