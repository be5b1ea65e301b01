import { randomBytes } from 'node:crypto';
import { startOfDayIn } from '@prosa/shared/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances, contacts, persons } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { userPauses } from '../../db/schema/distribution';
import { sectors, statuses } from '../../db/schema/organization';
import { attendanceFlows, operatorSessions, reportHourly } from '../../db/schema/reports';
import { rebuildDailyFromHourly } from '../report-rollups/recompute';

// A hand-built period (10–11/03/2026, São Paulo) in the rollups and live tables; every figure is asserted.

const TZ = 'America/Sao_Paulo';
const at = (day: string, hh: number, mm = 0) =>
  new Date(startOfDayIn(day, TZ).getTime() + (hh * 60 + mm) * 60_000);
const PERIOD = 'fromDate=10/03/2026&toDate=11/03/2026';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
let operator: string;
let other: string;
let comercial: number;
let suporte: number;
let webchat: number;
let whatsapp: number;
let resolvido: number;
let semRetorno: number;
let ana: number;
let bruno: number;
let otherCompany: number;
let otherSector: number;

async function newAttendance(opts: {
  kind: string;
  channelId: number;
  externalId: string;
  createdAt: Date;
  operatorId?: number | null;
  sectorId?: number;
}) {
  const [person] = await ctx.db
    .insert(persons)
    .values({ companyId: ids.companyId, name: `P ${opts.externalId}` })
    .returning({ id: persons.id });
  if (!person) throw new Error('pessoa');
  const [contact] = await ctx.db
    .insert(contacts)
    .values({
      companyId: ids.companyId,
      personId: person.id,
      kind: opts.kind,
      channelId: opts.channelId,
      externalId: opts.externalId,
      name: `Contato ${opts.externalId}`,
    })
    .returning({ id: contacts.id });
  if (!contact) throw new Error('contato');
  const tag = randomBytes(6).toString('hex');
  await ctx.db.insert(attendances).values({
    companyId: ids.companyId,
    cardId: tag,
    protocol: `P${tag}`,
    contactId: contact.id,
    personId: person.id,
    channelKind: opts.kind,
    channelId: opts.channelId,
    name: `Contato ${opts.externalId}`,
    sectorId: opts.sectorId ?? comercial,
    operatorAssignedId: opts.operatorId ?? null,
    createdAt: opts.createdAt,
    closedAt: opts.operatorId ? opts.createdAt : null,
    closedByUserId: opts.operatorId ?? null,
  });
}

/** A CSV download (the JSON helper would parse the body). */
async function download(url: string, cookie: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  return {
    status: res.statusCode,
    headers: res.headers,
    lines: res.body.replace(/^\uFEFF/, '').split('\r\n'),
  };
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  manager = await http.login(MANAGER);
  operator = await http.login(OPERATOR);
  other = await http.login(OTHER_ADMIN);
  comercial = ids.sector('Comercial');
  suporte = ids.sector('Suporte');
  resolvido = ids.status('Resolvido');
  semRetorno = ids.status('Sem retorno do cliente');
  ana = ids.user(OPERATOR);
  bruno = ids.user('bruno.operador@empresademo.com.br');
  await ctx.db
    .update(statuses)
    .set({ success: true })
    .where(and(eq(statuses.companyId, ids.companyId), eq(statuses.id, resolvido)));
  const [wc] = await ctx.db.select().from(channels).where(eq(channels.companyId, ids.companyId));
  webchat = wc?.id ?? 0;
  const [wa] = await ctx.db
    .insert(channels)
    .values({
      companyId: ids.companyId,
      kind: 'waweb',
      name: 'WhatsApp Vendas',
      defaultSectorId: comercial,
      routeKey: `dash-${randomBytes(4).toString('hex')}`,
    })
    .returning({ id: channels.id });
  whatsapp = wa?.id ?? 0;
  const [oc] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
  otherCompany = oc?.id ?? 0;
  const [os] = await ctx.db.select().from(sectors).where(eq(sectors.companyId, otherCompany));
  otherSector = os?.id ?? 0;

  const c = ids.companyId;
  await ctx.db.insert(reportHourly).values([
    { companyId: c, hour: at('2026-03-10', 10), sectorId: comercial, channelId: webchat, opened: 3 },
    { companyId: c, hour: at('2026-03-10', 11), sectorId: suporte, channelId: whatsapp, opened: 2 },
    {
      companyId: c,
      hour: at('2026-03-11', 9),
      sectorId: comercial,
      operatorId: ana,
      channelId: webchat,
      statusId: resolvido,
      closed: 2,
      firstResponseSum: 120,
      firstResponseCount: 2,
      handlingSum: 600,
      handlingCount: 2,
      waitingSum: 60,
      waitingCount: 2,
      slaBreaches: 1,
    },
    {
      companyId: c,
      hour: at('2026-03-11', 14),
      sectorId: suporte,
      operatorId: ana,
      channelId: whatsapp,
      statusId: semRetorno,
      closed: 1,
      handlingSum: 300,
      handlingCount: 1,
      waitingSum: 90,
      waitingCount: 1,
    },
    {
      companyId: c,
      hour: at('2026-03-11', 9),
      operatorId: ana,
      channelId: webchat,
      messagesIn: 5,
      messagesOut: 4,
    },
    // Outside the period, and another company: never counted.
    {
      companyId: c,
      hour: at('2026-03-12', 0),
      sectorId: comercial,
      channelId: webchat,
      opened: 10,
      closed: 10,
    },
    { companyId: otherCompany, hour: at('2026-03-10', 10), sectorId: otherSector, opened: 7 },
  ]);
  // The dashboards read the daily sums of these hours.
  await rebuildDailyFromHourly(ctx.db, c);
  await rebuildDailyFromHourly(ctx.db, otherCompany);

  // States: SP ×3 (one typed with a mask), RJ ×2, MG ×1, BA ×1; a web chat visitor and a foreign number skipped.
  const phones = ['5511999990001', '11988887777', '+55 (11) 97777-6666', '5521999990001', '552133334444'];
  phones.push('5531999990001', '5571999990001', '14155550000123');
  for (const [i, p] of phones.entries())
    await newAttendance({
      kind: 'waweb',
      channelId: whatsapp,
      externalId: p,
      createdAt: at('2026-03-10', 8, i),
    });
  await newAttendance({
    kind: 'waweb',
    channelId: whatsapp,
    externalId: '5511900000000',
    createdAt: at('2026-03-13', 8),
  });
  await newAttendance({
    kind: 'webchat',
    channelId: webchat,
    externalId: '1198887766',
    createdAt: at('2026-03-10', 8),
  });

  // Ana's details: 32 web chat attendances she closed on 10/03.
  for (let i = 0; i < 32; i++)
    await newAttendance({
      kind: 'webchat',
      channelId: webchat,
      externalId: `visitante-ana-${i}`,
      createdAt: at('2026-03-10', 13, i),
      operatorId: ana,
    });

  // Sessions: 08:00–12:00 on 10/03, and one from 22:00 on 09/03 to 01:00 on 10/03 (one hour inside).
  await ctx.db.insert(operatorSessions).values([
    { companyId: c, userId: ana, startedAt: at('2026-03-10', 8), endedAt: at('2026-03-10', 12) },
    { companyId: c, userId: ana, startedAt: at('2026-03-09', 22), endedAt: at('2026-03-10', 1) },
  ]);
  await ctx.db.insert(userPauses).values([
    {
      companyId: c,
      userId: ana,
      startedAt: at('2026-03-10', 9),
      endedAt: at('2026-03-10', 9, 30),
      endedBy: 'user',
    },
    {
      companyId: c,
      userId: ana,
      startedAt: at('2026-03-10', 10),
      endedAt: at('2026-03-10', 10, 10),
      endedBy: 'user',
    },
  ]);
  await ctx.db.insert(attendanceFlows).values([
    {
      companyId: c,
      attendanceId: 900001,
      openedAt: at('2026-03-10', 8),
      openedBy: ana,
      responsibleIds: [ana],
    },
    {
      companyId: c,
      attendanceId: 900002,
      openedAt: at('2026-03-11', 8),
      openedBy: ana,
      responsibleIds: [ana, bruno],
      closedAt: at('2026-03-11', 9),
    },
    {
      companyId: c,
      attendanceId: 900003,
      openedAt: at('2026-03-01', 8),
      openedBy: ana,
      responsibleIds: [ana],
      closedAt: at('2026-03-05', 8),
    },
  ]);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('business management dashboard', () => {
  it('adds up the rollups of the period: cards, days, channels, sectors', async () => {
    const r = await http.get(`/api/dashboards/business?${PERIOD}`, { cookie: manager });
    expect(r.status).toBe(200);
    expect(r.body.period).toEqual({ fromDate: '2026-03-10', toDate: '2026-03-11' });
    expect(r.body.cards).toEqual({
      opened: 5,
      closed: 3,
      tme: 50,
      tma: 300,
      firstResponse: 60,
      slaBreaches: 1,
      messagesIn: 5,
      messagesOut: 4,
    });
    const body = r.body as Record<string, { data: unknown[]; details?: unknown }>;
    expect(body.byDay?.data).toEqual([
      { day: '10/03', opened: 5, closed: 0 },
      { day: '11/03', opened: 0, closed: 3 },
    ]);
    expect(body.byChannel?.data).toEqual([
      { name: 'Site da Empresa Demo', value: 3 },
      { name: 'WhatsApp Vendas', value: 2 },
    ]);
    expect(body.bySector?.data).toEqual([
      { name: 'Comercial', opened: 3, closed: 2 },
      { name: 'Suporte', opened: 2, closed: 1 },
    ]);
  });

  it('filters by sector and by channel', async () => {
    const s = await http.get(`/api/dashboards/business?${PERIOD}&sector_id=${suporte}`, { cookie: manager });
    expect((s.body.cards as Record<string, number>).opened).toBe(2);
    expect((s.body.cards as Record<string, number>).closed).toBe(1);
    const ch = await http.get(`/api/dashboards/business?${PERIOD}&channel_id=${webchat}`, {
      cookie: manager,
    });
    expect((ch.body.cards as Record<string, number>).opened).toBe(3);
    expect((ch.body.cards as Record<string, number>).messagesIn).toBe(5);
  });

  it('counts attendances per state from the phone DDD: top 8 by default, then b4b.maxStates with Outros', async () => {
    const all = await http.get(`/api/dashboards/business?${PERIOD}`, { cookie: manager });
    const states = all.body.states as { data: unknown[]; details?: unknown };
    expect(states.data).toEqual([
      { uf: 'SP', total: 3 },
      { uf: 'RJ', total: 2 },
      { uf: 'BA', total: 1 },
      { uf: 'MG', total: 1 },
    ]);
    expect(states.details).toBeUndefined();

    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, ids.companyId));
    await ctx.db
      .update(companies)
      .set({ metadata: { ...(row?.metadata ?? {}), b4b: { maxStates: 2 } } })
      .where(eq(companies.id, ids.companyId));
    const top = await http.get(`/api/dashboards/business?${PERIOD}`, { cookie: manager });
    const topStates = top.body.states as { data: unknown[]; details?: unknown };
    expect(topStates.data).toEqual([
      { uf: 'SP', total: 3 },
      { uf: 'RJ', total: 2 },
      { uf: 'Outros', total: 2 },
    ]);
    expect(topStates.details).toEqual({ Outros: 'BA: 1, MG: 1' });
  });

  it('refuses a bad period with the spec texts', async () => {
    const after = await http.get('/api/dashboards/business?fromDate=12/03/2026&toDate=11/03/2026', {
      cookie: manager,
    });
    expect(after.status).toBe(400);
    expect(after.body.message).toBe('A data de início deve ser menor ou igual a data de fim!');
    const long = await http.get('/api/dashboards/business?fromDate=01/01/2025&toDate=11/03/2026', {
      cookie: manager,
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('O período máximo dos painéis é de 366 dias.');
    const bad = await http.get('/api/dashboards/business?fromDate=31/02/2026', { cookie: manager });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Data inválida.');
  });
});

describe('operational summary', () => {
  it("gives each user's sessions, pauses, real time, attendances, successes and averages", async () => {
    const r = await http.get(`/api/dashboards/operational-summary?${PERIOD}`, { cookie: manager });
    expect(r.status).toBe(200);
    const rows = r.body.rows as Record<string, unknown>[];
    expect(rows.find((x) => x.user_id === ana)).toEqual({
      user_id: ana,
      name: 'Ana',
      time_sessions: 18000,
      time_pauses: 2400,
      pauses: 2,
      time_real: 15600,
      sessions: 1,
      chats: 2,
      opened: 2,
      finalized: 3,
      success: 2,
      perc: 66.66,
      tma: 300,
      tme: 50,
    });
    expect(rows.find((x) => x.user_id === bruno)).toMatchObject({
      chats: 1,
      finalized: 0,
      perc: 0,
      tma: null,
    });
    // Operators and managers are measured; admins are not.
    expect(rows.map((x) => x.name)).toEqual(['Ana', 'Bruno', 'Gustavo']);
  });

  it('downloads as CSV with its file name, title and header lines', async () => {
    const r = await download(`/api/dashboards/operational-summary?${PERIOD}&format=csv`, manager);
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="resumo-operacional.csv"');
    const lines = r.lines;
    expect(lines[0]).toBe('Resumo operacional - 10/03/2026 a 11/03/2026');
    expect(lines[1]).toBe(
      'Nome;Tempo em sessão;Tempo em pausa;Pausas;Tempo real;Sessões;Atendimentos;Abertos;Finalizados;Sucesso;% Sucesso;TMA;TME',
    );
    expect(lines[2]).toBe('Ana;05:00:00;00:40:00;2;04:20:00;1;2;2;3;2;66,66;00:05:00;00:00:50');
  });

  it("shows a user's attendances 30 a page and pauses 50 a page, each with a CSV", async () => {
    const p1 = await http.get(`/api/dashboards/operational-summary/details?user_id=${ana}&${PERIOD}`, {
      cookie: manager,
    });
    expect(p1.status).toBe(200);
    const a1 = p1.body.attendances as { rows: Record<string, unknown>[]; total: number; perPage: number };
    expect(a1.total).toBe(32);
    expect(a1.perPage).toBe(30);
    expect(a1.rows).toHaveLength(30);
    expect(a1.rows[0]).toMatchObject({
      contact: 'Contato visitante-ana-31',
      channel: 'Site da Empresa Demo',
      sector: 'Comercial',
      opened_at: '10/03/2026 13:31:00',
    });
    const pauses = p1.body.pauses as { rows: Record<string, unknown>[]; total: number; perPage: number };
    expect(pauses.perPage).toBe(50);
    expect(pauses.rows).toEqual([
      { reason: null, started_at: '10/03/2026 10:00:00', ended_at: '10/03/2026 10:10:00', duration: 600 },
      { reason: null, started_at: '10/03/2026 09:00:00', ended_at: '10/03/2026 09:30:00', duration: 1800 },
    ]);
    const p2 = await http.get(`/api/dashboards/operational-summary/details?user_id=${ana}&${PERIOD}&page=2`, {
      cookie: manager,
    });
    expect((p2.body.attendances as { rows: unknown[] }).rows).toHaveLength(2);

    const csv = await download(
      `/api/dashboards/operational-summary/details?user_id=${ana}&${PERIOD}&format=csv&table=pauses`,
      manager,
    );
    expect(csv.headers['content-disposition']).toBe('attachment; filename="resumo-operacional-pausas.csv"');
    const lines = csv.lines;
    expect(lines[0]).toBe('Pausas de Ana - 10/03/2026 a 11/03/2026');
    expect(lines[1]).toBe('Motivo;Início;Fim;Duração');
    expect(lines[2]).toBe(';10/03/2026 10:00:00;10/03/2026 10:10:00;00:10:00');
    const att = await download(
      `/api/dashboards/operational-summary/details?user_id=${ana}&${PERIOD}&format=csv&table=attendances`,
      manager,
    );
    expect(att.headers['content-disposition']).toBe(
      'attachment; filename="resumo-operacional-atendimentos.csv"',
    );
    // Title, header and every one of the 32 rows (no paging in the CSV), then the final line break.
    expect(att.lines).toHaveLength(2 + 32 + 1);
    expect(att.lines[1]).toBe('Protocolo;Contato;Canal;Setor;Status;Aberto em;Finalizado em');
  });
});

describe('team management', () => {
  it('ranks operators by closings against the goal, with its colour', async () => {
    const none = await http.get(`/api/dashboards/team?${PERIOD}`, { cookie: manager });
    expect(none.body.goal).toBeNull();
    expect((none.body.rows as Record<string, unknown>[])[0]).toMatchObject({
      name: 'Ana',
      closed: 3,
      percent: null,
    });

    expect((await http.put('/api/dashboards/team/goal', { cookie: manager, body: { goal: 4 } })).status).toBe(
      200,
    );
    const r = await http.get(`/api/dashboards/team?${PERIOD}`, { cookie: manager });
    expect(r.body.goal).toBe(4);
    expect(r.body.rows).toEqual([
      { rank: 1, user_id: ana, name: 'Ana', closed: 3, percent: 75, color: 'yellow' },
      { rank: 2, user_id: bruno, name: 'Bruno', closed: 0, percent: 0, color: 'red' },
    ]);
    await http.put('/api/dashboards/team/goal', { cookie: manager, body: { goal: 3 } });
    const met = await http.get(`/api/dashboards/team?${PERIOD}`, { cookie: manager });
    expect((met.body.rows as Record<string, unknown>[])[0]).toMatchObject({ percent: 100, color: 'green' });
    // The goal is kept beside the rest of the metadata.
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, ids.companyId));
    expect(row?.metadata).toMatchObject({ dashboard: { team_goal: 3 }, b4b: { maxStates: 2 } });
  });

  it('refuses an operator (403) and a bad goal (400)', async () => {
    const op = await http.put('/api/dashboards/team/goal', { cookie: operator, body: { goal: 5 } });
    expect(op.status).toBe(403);
    const bad = await http.put('/api/dashboards/team/goal', { cookie: manager, body: { goal: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Informe uma meta inteira entre 1 e 100000.');
    const text = await http.put('/api/dashboards/team/goal', { cookie: manager, body: { goal: 'dez' } });
    expect(text.status).toBe(400);
  });
});

describe('access and tenancy', () => {
  it('operators may not open the dashboards; anonymous callers are refused', async () => {
    for (const path of ['business', 'monitoring', 'operational-summary', 'team'])
      expect((await http.get(`/api/dashboards/${path}`, { cookie: operator })).status).toBe(403);
    expect((await http.get('/api/dashboards/business')).status).toBe(401);
  });

  it("another company's sector, channel or user answers 404; its own figures stay apart", async () => {
    expect(
      (await http.get(`/api/dashboards/business?${PERIOD}&sector_id=${otherSector}`, { cookie: manager }))
        .status,
    ).toBe(404);
    expect(
      (await http.get(`/api/dashboards/team?${PERIOD}&channel_id=${whatsapp}`, { cookie: other })).status,
    ).toBe(404);
    expect(
      (
        await http.get(`/api/dashboards/operational-summary/details?user_id=${ana}&${PERIOD}`, {
          cookie: other,
        })
      ).status,
    ).toBe(404);
    const theirs = await http.get(`/api/dashboards/business?${PERIOD}`, { cookie: other });
    expect((theirs.body.cards as Record<string, number>).opened).toBe(7);
    const team = await http.get(`/api/dashboards/team?${PERIOD}`, { cookie: other });
    expect(team.body.rows).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers 400 in Portuguese, never 500', async () => {
    const cases = [
      '/api/dashboards/business?fromDate=ontem',
      '/api/dashboards/business?sector_id=abc',
      '/api/dashboards/business?channel_id=99999999999',
      '/api/dashboards/team?format=xml',
      '/api/dashboards/operational-summary?operator_id=-1',
      '/api/dashboards/operational-summary/details',
      '/api/dashboards/operational-summary/details?user_id=abc',
      `/api/dashboards/operational-summary/details?user_id=${ana}&page=0`,
      `/api/dashboards/operational-summary/details?user_id=${ana}&table=tudo`,
    ];
    for (const url of cases) {
      const r = await http.get(url, { cookie: manager });
      expect(r.status, url).toBe(400);
      expect(typeof r.body.message, url).toBe('string');
      expect(r.body.message, url).not.toMatch(/invalid|expected|required/i);
    }
    const body = await http.put('/api/dashboards/team/goal', { cookie: manager, body: {} });
    expect(body.status).toBe(400);
    expect(body.body.message).toBe('Informe uma meta inteira entre 1 e 100000.');
    // An unknown user of the company: 404 with the text.
    const missing = await http.get(
      `/api/dashboards/operational-summary/details?user_id=2000000000&${PERIOD}`,
      {
        cookie: manager,
      },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Usuário não encontrado.');
  });
});
