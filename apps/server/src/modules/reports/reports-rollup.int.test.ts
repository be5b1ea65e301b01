import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { pauseReasons, userPauses } from '../../db/schema/distribution';
import { statuses } from '../../db/schema/organization';
import { users } from '../../db/schema/users';
import { insertChannel, insertHourly, mergeMetadata } from './reports-fixtures';

// Every rollup-based report on one small hand-built set of report_hourly rows (São Paulo: UTC-3).
let ctx: TestContext;
let http: ReturnType<typeof api>;
let gestor: string;
let ids: Awaited<ReturnType<typeof demoIds>>;
let web = 0;
let loja = 0;
let antiga = 0;
let ana = 0;
let bruno = 0;
let gustavo = 0;

const MARCH = 'fromDate=01/03/2026&toDate=31/03/2026';
type Body = {
  title: string;
  rows: Record<string, unknown>[];
  totals: Record<string, unknown> | null;
  charts?: {
    title: string;
    type: string;
    data: Record<string, unknown>[];
    details?: Record<string, string>;
  }[];
  tables?: { title: string; columns: { key: string; label: string }[]; rows: Record<string, unknown>[] }[];
};

async function report(key: string, query: string, cookie = gestor) {
  const r = await http.get(`/api/reports/${key}?${query}`, { cookie });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Body;
}

/** A CSV download: its headers and its lines (BOM dropped). */
async function csvOf(key: string, query: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/reports/${key}?${query}&format=csv`,
    headers: { cookie: gestor },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return { headers: res.headers, lines: res.body.slice(1).trimEnd().split('\r\n') };
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  gestor = await http.login(MANAGER);
  const c = ids.companyId;
  ana = ids.user(OPERATOR);
  bruno = ids.user(OPERATOR2);
  gustavo = ids.user(MANAGER);
  const [site] = await ctx.db.select().from(channels).where(eq(channels.companyId, c));
  web = site?.id ?? 0;
  loja = await insertChannel(ctx.db, c, {
    kind: 'waweb',
    name: 'Loja Centro',
    sectorId: ids.sector('Comercial'),
    phone: '5511999990001',
  });
  antiga = await insertChannel(ctx.db, c, {
    kind: 'waweb',
    name: 'Loja Antiga',
    sectorId: ids.sector('Comercial'),
    deleted: true,
  });
  // 'Venda realizada' counts as success; Bruno has left the company.
  await ctx.db
    .update(statuses)
    .set({ success: true })
    .where(eq(statuses.id, ids.status('Venda realizada')));
  await ctx.db
    .update(users)
    .set({ inactiveSince: new Date('2026-03-20T12:00:00Z') })
    .where(eq(users.id, bruno));
  const C = ids.sector('Comercial');
  const S = ids.sector('Suporte');
  const F = ids.sector('Financeiro');
  const R = ids.status('Resolvido');
  const V = ids.status('Venda realizada');
  await insertHourly(ctx.db, c, [
    // 10/03 09h: openings on the web chat and the customers' messages.
    { hour: '2026-03-10T12:00:00Z', sectorId: C, channelId: web, opened: 3 },
    { hour: '2026-03-10T12:00:00Z', sectorId: S, channelId: web, opened: 1 },
    { hour: '2026-03-10T12:00:00Z', channelId: web, messagesIn: 10 },
    // 10/03 10h: closings, answers and a transfer.
    {
      hour: '2026-03-10T13:00:00Z',
      sectorId: C,
      operatorId: ana,
      channelId: web,
      statusId: R,
      closed: 2,
      waitingSum: 120,
      waitingCount: 2,
      handlingSum: 600,
      handlingCount: 2,
      firstResponseSum: 100,
      firstResponseCount: 2,
    },
    {
      hour: '2026-03-10T13:00:00Z',
      sectorId: S,
      operatorId: bruno,
      channelId: web,
      statusId: V,
      closed: 1,
      waitingSum: 30,
      waitingCount: 1,
      handlingSum: 300,
      handlingCount: 1,
      firstResponseSum: 20,
      firstResponseCount: 1,
      slaBreaches: 1,
    },
    { hour: '2026-03-10T13:00:00Z', sectorId: S, operatorId: bruno, channelId: web, transfers: 1 },
    { hour: '2026-03-10T13:00:00Z', operatorId: ana, channelId: web, messagesOut: 5 },
    { hour: '2026-03-10T13:00:00Z', operatorId: bruno, channelId: web, messagesOut: 2 },
    // 10/03 18h: sessions and pauses.
    {
      hour: '2026-03-10T21:00:00Z',
      operatorId: ana,
      sessions: 1,
      sessionSeconds: 28_800,
      pauses: 2,
      pauseSeconds: 1_800,
    },
    { hour: '2026-03-10T21:00:00Z', operatorId: gustavo, sessions: 1, sessionSeconds: 3_600 },
    // 11/03 14h: WhatsApp openings (Financeiro's single one is under 1 %); 15h: closings and messages.
    { hour: '2026-03-11T17:00:00Z', sectorId: C, channelId: loja, opened: 150 },
    { hour: '2026-03-11T17:00:00Z', sectorId: S, channelId: loja, opened: 49 },
    { hour: '2026-03-11T17:00:00Z', sectorId: F, channelId: antiga, opened: 1 },
    {
      hour: '2026-03-11T18:00:00Z',
      sectorId: C,
      operatorId: ana,
      channelId: loja,
      statusId: V,
      closed: 3,
      waitingSum: 90,
      waitingCount: 3,
      handlingSum: 900,
      handlingCount: 3,
      firstResponseSum: 60,
      firstResponseCount: 3,
    },
    { hour: '2026-03-11T18:00:00Z', operatorId: ana, channelId: loja, messagesOut: 4 },
    { hour: '2026-03-11T18:00:00Z', channelId: loja, messagesIn: 6 },
    // 12/03 10h: the deleted number still received messages.
    { hour: '2026-03-12T13:00:00Z', channelId: antiga, messagesIn: 2 },
    // 31/03 23h in São Paulo (already 01/04 in UTC): still March.
    { hour: '2026-04-01T02:00:00Z', channelId: web, messagesIn: 1 },
    // 01/04 01h in São Paulo: outside the period.
    { hour: '2026-04-01T04:00:00Z', sectorId: C, operatorId: ana, channelId: web, statusId: R, closed: 7 },
  ]);
  // Another company's closings in the same hour never show.
  const [other] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
  const [olga] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.companyId, other?.id ?? 0));
  await insertHourly(ctx.db, other?.id ?? 0, [
    { hour: '2026-03-10T13:00:00Z', operatorId: olga?.id ?? 0, closed: 50, messagesIn: 40, opened: 30 },
  ]);
});
afterAll(() => ctx.close());

describe('productivity', () => {
  it('gives each operator closings, messages sent, TME, TMA, first response and transfers, with totals', async () => {
    const r = await report('productivity', MARCH);
    expect(r.rows).toEqual([
      {
        operator: 'Ana Operadora',
        closed: 5,
        messages_out: 9,
        tme: 42,
        tma: 300,
        first_response: 32,
        transfers: 0,
      },
      {
        operator: 'Bruno Operador (Inativo)',
        closed: 1,
        messages_out: 2,
        tme: 30,
        tma: 300,
        first_response: 20,
        transfers: 1,
      },
    ]);
    expect(r.totals).toEqual({
      operator: 'Total',
      closed: 6,
      messages_out: 11,
      tme: 40,
      tma: 300,
      first_response: 30,
      transfers: 1,
    });
  });

  it('filters by operator, sector, channel and profile', async () => {
    const byOperator = await report('productivity', `${MARCH}&operator_id=${bruno}`);
    expect(byOperator.rows.map((x) => x.operator)).toEqual(['Bruno Operador (Inativo)']);
    const bySector = await report('productivity', `${MARCH}&sector_id=${ids.sector('Suporte')}`);
    expect(bySector.rows).toEqual([expect.objectContaining({ closed: 1, transfers: 1, messages_out: 0 })]);
    const byChannel = await report('productivity', `${MARCH}&channel_id=${loja}`);
    expect(byChannel.rows).toEqual([
      {
        operator: 'Ana Operadora',
        closed: 3,
        messages_out: 4,
        tme: 30,
        tma: 300,
        first_response: 20,
        transfers: 0,
      },
    ]);
    // Gustavo (manager) only has sessions: no productivity.
    expect((await report('productivity', `${MARCH}&profile_type=1`)).rows).toEqual([]);
    expect((await report('productivity', `${MARCH}&profile_type=0`)).rows).toHaveLength(2);
  });

  it('writes the CSV with title and period, headers, durations and totals', async () => {
    const { headers, lines } = await csvOf('productivity', MARCH);
    expect(headers['content-disposition']).toBe('attachment; filename="relatorio-produtividade.csv"');
    expect(lines).toEqual([
      'Produtividade - 01/03/2026 a 31/03/2026',
      'Operador;Atendimentos encerrados;Mensagens enviadas;TME;TMA;Tempo médio de primeira resposta;Transferências',
      'Ana Operadora;5;9;00:00:42;00:05:00;00:00:32;0',
      'Bruno Operador (Inativo);1;2;00:00:30;00:05:00;00:00:20;1',
      'Total;6;11;00:00:40;00:05:00;00:00:30;1',
    ]);
  });
});

describe('effectiveness', () => {
  it('counts closings with a success status per operator, percent floored', async () => {
    const r = await report('effectiveness', MARCH);
    expect(r.rows).toEqual([
      { operator: 'Ana Operadora', closed: 5, success: 3, percent: 60 },
      { operator: 'Bruno Operador (Inativo)', closed: 1, success: 1, percent: 100 },
    ]);
    expect(r.totals).toEqual({ operator: 'Total', closed: 6, success: 4, percent: 66.66 });
    const web1 = await report('effectiveness', `${MARCH}&channel_id=${web}&operator_id=${ana}`);
    expect(web1.rows).toEqual([{ operator: 'Ana Operadora', closed: 2, success: 0, percent: 0 }]);
  });
});

describe('every hour', () => {
  it('lists the 24 hours of the day in the company timezone with a line chart', async () => {
    const r = await report('every-hour', MARCH);
    expect(r.rows).toHaveLength(24);
    const at = (h: string) => r.rows.find((x) => x.hour === h);
    expect(at('00h')).toEqual({ hour: '00h', opened: 0, closed: 0, messages_in: 0, messages_out: 0 });
    expect(at('09h')).toEqual({ hour: '09h', opened: 4, closed: 0, messages_in: 10, messages_out: 0 });
    expect(at('10h')).toEqual({ hour: '10h', opened: 0, closed: 3, messages_in: 2, messages_out: 7 });
    expect(at('14h')).toEqual({ hour: '14h', opened: 200, closed: 0, messages_in: 0, messages_out: 0 });
    expect(at('15h')).toEqual({ hour: '15h', opened: 0, closed: 3, messages_in: 6, messages_out: 4 });
    expect(at('23h')).toEqual({ hour: '23h', opened: 0, closed: 0, messages_in: 1, messages_out: 0 });
    expect(r.totals).toEqual({ hour: 'Total', opened: 204, closed: 6, messages_in: 19, messages_out: 11 });
    expect(r.charts?.[0]).toMatchObject({ type: 'line', title: 'Atendimentos e mensagens por hora' });
    expect(r.charts?.[0]?.data).toHaveLength(24);
    const suporte = await report('every-hour', `${MARCH}&sector_id=${ids.sector('Suporte')}`);
    expect(suporte.totals).toEqual({ hour: 'Total', opened: 50, closed: 1, messages_in: 0, messages_out: 0 });
  });

  it('answers no rows for an empty period, and the CSV says so', async () => {
    expect((await report('every-hour', 'fromDate=01/01/2026&toDate=31/01/2026')).rows).toEqual([]);
    const csv = await http.get('/api/reports/every-hour?fromDate=01/01/2026&toDate=31/01/2026&format=csv', {
      cookie: gestor,
    });
    expect(csv.status).toBe(404);
    expect(csv.body.message).toBe('Não foram encontrados dados para os filtros aplicados.');
  });
});

describe('complete', () => {
  it('gives every measure day by day with totals', async () => {
    const r = await report('complete', MARCH);
    expect(r.rows).toEqual([
      {
        day: '10/03/2026',
        opened: 4,
        closed: 3,
        tme: 50,
        tma: 300,
        first_response: 40,
        messages_in: 10,
        messages_out: 7,
        sla_breaches: 1,
        transfers: 1,
        pauses: 2,
        pause_seconds: 1800,
        sessions: 2,
        session_seconds: 32_400,
      },
      {
        day: '11/03/2026',
        opened: 200,
        closed: 3,
        tme: 30,
        tma: 300,
        first_response: 20,
        messages_in: 6,
        messages_out: 4,
        sla_breaches: 0,
        transfers: 0,
        pauses: 0,
        pause_seconds: 0,
        sessions: 0,
        session_seconds: 0,
      },
      expect.objectContaining({ day: '12/03/2026', messages_in: 2, opened: 0, tme: null }),
      expect.objectContaining({ day: '31/03/2026', messages_in: 1, closed: 0 }),
    ]);
    expect(r.totals).toMatchObject({
      day: 'Total',
      opened: 204,
      closed: 6,
      tme: 40,
      tma: 300,
      first_response: 30,
      messages_in: 19,
      messages_out: 11,
      sessions: 2,
      session_seconds: 32_400,
    });
  });
});

describe('message consumption', () => {
  it('gives messages per day and channel (deleted channels marked), within 30 days', async () => {
    const r = await report('message-consumption', 'fromDate=01/03/2026&toDate=30/03/2026');
    expect(r.rows).toEqual([
      {
        day: '10/03/2026',
        channel: 'Site da Empresa Demo',
        kind: 'Web chat',
        messages_in: 10,
        messages_out: 7,
        total: 17,
      },
      {
        day: '11/03/2026',
        channel: 'Loja Centro',
        kind: 'WhatsApp',
        messages_in: 6,
        messages_out: 4,
        total: 10,
      },
      {
        day: '12/03/2026',
        channel: 'Loja Antiga (Excluído)',
        kind: 'WhatsApp',
        messages_in: 2,
        messages_out: 0,
        total: 2,
      },
    ]);
    expect(r.totals).toEqual({ day: 'Total', messages_in: 18, messages_out: 11, total: 29 });
    const one = await report(
      'message-consumption',
      `fromDate=01/03/2026&toDate=30/03/2026&channel_id=${loja}`,
    );
    expect(one.rows.map((x) => x.channel)).toEqual(['Loja Centro']);
    const long = await http.get(`/api/reports/message-consumption?${MARCH}`, { cookie: gestor });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('O período máximo deste relatório é de 30 dias.');
  });
});

describe('simple', () => {
  it('groups attendances by sector and status per channel key with floored percents', async () => {
    const r = await report('simple', MARCH);
    expect(r.rows).toEqual([
      { channel: 'WhatsApp', group: 'Setor', name: 'Comercial', count: 150, percent: 75 },
      { channel: 'WhatsApp', group: 'Setor', name: 'Suporte', count: 49, percent: 24.5 },
      { channel: 'WhatsApp', group: 'Setor', name: 'Financeiro', count: 1, percent: 0 },
      { channel: 'WhatsApp', group: 'Status', name: 'Venda realizada', count: 3, percent: 100 },
      { channel: 'Web chat', group: 'Setor', name: 'Comercial', count: 3, percent: 75 },
      { channel: 'Web chat', group: 'Setor', name: 'Suporte', count: 1, percent: 25 },
      { channel: 'Web chat', group: 'Status', name: 'Resolvido', count: 2, percent: 66.66 },
      { channel: 'Web chat', group: 'Status', name: 'Venda realizada', count: 1, percent: 33.33 },
    ]);
  });

  it("draws bars per channel, grouping entries under 1 % in 'Outros' with their names in the tooltip", async () => {
    const r = await report('simple', MARCH);
    const chart = (title: string) => r.charts?.find((c) => c.title === title);
    expect(chart('Setores - WhatsApp')).toMatchObject({
      type: 'bar',
      data: [
        { name: 'Comercial', count: 150 },
        { name: 'Suporte', count: 49 },
        { name: 'Outros', count: 1 },
      ],
      details: { Outros: 'Financeiro: 1' },
    });
    expect(chart('Setores - Web chat')?.details).toBeUndefined();
    expect(chart('Status - Web chat')?.data).toEqual([
      { name: 'Resolvido', count: 2 },
      { name: 'Venda realizada', count: 1 },
    ]);
  });

  it('adds contacts per channel, sectors (all and closed) and the numbers table', async () => {
    const r = await report('simple', MARCH);
    const table = (title: string) => r.tables?.find((t) => t.title === title);
    expect(table('Contatos por canal')?.rows).toEqual([
      { channel: 'WhatsApp', count: 200 },
      { channel: 'Web chat', count: 4 },
      { channel: 'Total', count: 204 },
    ]);
    expect(table('Atendimentos por setor')?.rows).toEqual([
      { sector: 'Comercial', all: 153, closed: 5 },
      { sector: 'Financeiro', all: 1, closed: 0 },
      { sector: 'Suporte', all: 50, closed: 1 },
    ]);
    const numbers = table('Por número');
    expect(numbers?.columns.map((c) => c.label)).toEqual([
      'Número',
      'Quantidade',
      'Setor: Comercial',
      'Setor: Financeiro',
      'Setor: Suporte',
      'Status: Venda realizada',
    ]);
    const C = ids.sector('Comercial');
    const F = ids.sector('Financeiro');
    const S = ids.sector('Suporte');
    const V = ids.status('Venda realizada');
    expect(numbers?.rows).toEqual([
      {
        phone_number: '5511999990001',
        qty: 199,
        [`sector_${C}`]: 150,
        [`sector_${F}`]: 0,
        [`sector_${S}`]: 49,
        [`status_${V}`]: 3,
      },
      {
        phone_number: 'Loja Antiga (Excluído)',
        qty: 1,
        [`sector_${C}`]: 0,
        [`sector_${F}`]: 1,
        [`sector_${S}`]: 0,
        [`status_${V}`]: 0,
      },
    ]);
  });

  it('filters by channel and writes every block in the CSV', async () => {
    const r = await report('simple', `${MARCH}&channel_id=${web}`);
    expect(new Set(r.rows.map((x) => x.channel))).toEqual(new Set(['Web chat']));
    const { headers, lines } = await csvOf('simple', `${MARCH}&channel_id=${web}`);
    expect(headers['content-disposition']).toBe('attachment; filename="download-rel.csv"');
    expect(lines.slice(0, 3)).toEqual([
      'Simples por canal - 01/03/2026 a 31/03/2026',
      'Canal;Agrupamento;Nome;Quantidade;Percentual',
      'Web chat;Setor;Comercial;3;75,00',
    ]);
    expect(lines).toContain('Contatos por canal');
    expect(lines).toContain('Total;4');
  });
});

describe('session control', () => {
  it('needs the pause control on', async () => {
    const r = await http.get(`/api/reports/session-control?${MARCH}`, { cookie: gestor });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('O controle de pausa não está ativo nesta empresa.');
  });

  it('gives sessions, pauses and time worked per user, and each pause of the period', async () => {
    await mergeMetadata(ctx.db, ids.companyId, { control_pause: { is_active: true } });
    const [reason] = await ctx.db
      .insert(pauseReasons)
      .values({ companyId: ids.companyId, title: 'Almoço' })
      .returning({ id: pauseReasons.id });
    await ctx.db.insert(userPauses).values([
      {
        companyId: ids.companyId,
        userId: ana,
        reasonId: reason?.id ?? null,
        startedAt: new Date('2026-03-10T15:00:00Z'),
        endedAt: new Date('2026-03-10T15:30:00Z'),
        endedBy: 'user',
      },
      {
        companyId: ids.companyId,
        userId: ana,
        startedAt: new Date('2026-03-10T18:00:00Z'),
        endedAt: new Date('2026-03-10T18:10:00Z'),
        endedBy: 'limit',
      },
      // February: outside the period.
      {
        companyId: ids.companyId,
        userId: ana,
        startedAt: new Date('2026-02-27T18:00:00Z'),
        endedAt: new Date('2026-02-27T18:10:00Z'),
        endedBy: 'user',
      },
    ]);
    const r = await report('session-control', MARCH);
    expect(r.rows).toEqual([
      {
        user: 'Ana Operadora',
        sessions: 1,
        session_seconds: 28_800,
        pauses: 2,
        pause_seconds: 1_800,
        worked_seconds: 27_000,
      },
      {
        user: 'Gustavo Gestor',
        sessions: 1,
        session_seconds: 3_600,
        pauses: 0,
        pause_seconds: 0,
        worked_seconds: 3_600,
      },
    ]);
    expect(r.totals).toMatchObject({
      user: 'Total',
      sessions: 2,
      session_seconds: 32_400,
      worked_seconds: 30_600,
    });
    expect(r.tables?.[0]?.rows).toEqual([
      {
        user: 'Ana Operadora',
        reason: 'Almoço',
        started_at: '10/03/2026 12:00:00',
        ended_at: '10/03/2026 12:30:00',
        duration: 1800,
        ended_by: 'Pelo usuário',
      },
      {
        user: 'Ana Operadora',
        reason: 'Sem motivo',
        started_at: '10/03/2026 15:00:00',
        ended_at: '10/03/2026 15:10:00',
        duration: 600,
        ended_by: 'Tempo limite atingido',
      },
    ]);
    const managers = await report('session-control', `${MARCH}&profile_type=1`);
    expect(managers.rows.map((x) => x.user)).toEqual(['Gustavo Gestor']);
    expect(managers.tables?.[0]?.rows).toEqual([]);

    const { headers, lines } = await csvOf('session-control', MARCH);
    expect(headers['content-disposition']).toBe('attachment; filename="relatorio-controle-pausa.csv"');
    expect(lines[1]).toBe('Usuário;Sessões;Tempo em sessão;Pausas;Tempo em pausa;Tempo trabalhado');
    expect(lines[2]).toBe('Ana Operadora;1;08:00:00;2;00:30:00;07:30:00');
    expect(lines).toContain(
      'Ana Operadora;Almoço;10/03/2026 12:00:00;10/03/2026 12:30:00;00:30:00;Pelo usuário',
    );

    // The pause list is paged on screen (50 a page, with the count) and whole in the CSV.
    expect(r.tables?.[0]).toMatchObject({ total: 2, page: 1, perPage: 50 });
    await ctx.db.insert(userPauses).values(
      Array.from({ length: 50 }, (_, i) => ({
        companyId: ids.companyId,
        userId: ana,
        startedAt: new Date(Date.UTC(2026, 2, 20, 12, i)),
        endedAt: new Date(Date.UTC(2026, 2, 20, 12, i, 30)),
        endedBy: 'user' as const,
      })),
    );
    const first = await report('session-control', MARCH);
    expect(first.tables?.[0]?.rows).toHaveLength(50);
    expect(first.tables?.[0]).toMatchObject({ total: 52, page: 1 });
    expect(first.rows).toHaveLength(2);
    const second = await report('session-control', `${MARCH}&page=2`);
    expect(second.tables?.[0]).toMatchObject({ total: 52, page: 2 });
    expect(second.tables?.[0]?.rows).toEqual([
      expect.objectContaining({
        started_at: '20/03/2026 09:48:00',
        ended_at: '20/03/2026 09:48:30',
        duration: 30,
      }),
      expect.objectContaining({ started_at: '20/03/2026 09:49:00', duration: 30 }),
    ]);
    const all = await csvOf('session-control', MARCH);
    expect(all.lines.filter((l) => l.startsWith('Ana Operadora;') && l.includes('/03/2026'))).toHaveLength(
      52,
    );
  });
});

describe('tenancy', () => {
  it("never shows another company's rollups", async () => {
    const olga = await http.login(OTHER_ADMIN);
    const r = await report('productivity', MARCH, olga);
    expect(r.rows).toEqual([expect.objectContaining({ operator: 'Olga Admin', closed: 50 })]);
    const mine = await report('every-hour', MARCH, await http.login(ADMIN));
    expect(mine.totals).toMatchObject({ opened: 204, closed: 6, messages_in: 19 });
  });
});
