import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import {
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
import { sectors, statuses } from '../../db/schema/organization';
import { insertAttendance, insertChannel, insertContact, insertMessage } from './reports-fixtures';

// The reports that read raw rows: analytic (attendances) and WhatsApp Enterprise sessions (messages).
let ctx: TestContext;
let http: ReturnType<typeof api>;
let gestor: string;
let ids: Awaited<ReturnType<typeof demoIds>>;
let web = 0;
let antiga = 0;
let oficial = 0;
let filial = 0;

type Body = {
  rows: Record<string, unknown>[];
  totals: Record<string, unknown> | null;
  total?: number;
  page?: number;
  perPage?: number;
};

async function report(key: string, query: string, cookie = gestor) {
  const r = await http.get(`/api/reports/${key}?${query}`, { cookie });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Body;
}

async function csvOf(key: string, query: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/reports/${key}?${query}&format=csv`,
    headers: { cookie: gestor },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { headers: res.headers, lines: res.body.slice(1).trimEnd().split('\r\n') };
}

const EARLY = 'fromDate=01/03/2026&toDate=08/03/2026';
const LATE = 'fromDate=15/03/2026&toDate=30/03/2026';
const WAENT = 'fromDate=10/03/2026&toDate=12/03/2026';

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  gestor = await http.login(MANAGER);
  const c = ids.companyId;
  const [site] = await ctx.db.select().from(channels).where(eq(channels.companyId, c));
  web = site?.id ?? 0;
  const C = ids.sector('Comercial');
  const S = ids.sector('Suporte');
  antiga = await insertChannel(ctx.db, c, { kind: 'waweb', name: 'Loja Antiga', sectorId: C, deleted: true });
  oficial = await insertChannel(ctx.db, c, {
    kind: 'waent',
    name: 'WA Oficial',
    sectorId: C,
    phone: '5511988887777',
  });
  filial = await insertChannel(ctx.db, c, { kind: 'waent', name: 'WA Filial', sectorId: C });

  // Analytic, 01/03–08/03 (São Paulo, UTC-3).
  const carla = await insertAttendance(ctx.db, c, {
    name: 'Carla',
    protocol: '2026030001',
    channelId: web,
    kind: 'web',
    sectorId: C,
    operatorId: ids.user(OPERATOR),
    statusId: ids.status('Resolvido'),
    createdAt: '2026-03-05T13:00:00Z',
    heldAt: '2026-03-05T13:00:30Z',
    firstAnswerAt: '2026-03-05T13:01:00Z',
    closedAt: '2026-03-05T13:11:00Z',
  });
  for (const [dir, at] of [
    ['in', '2026-03-05T13:00:00Z'],
    ['out', '2026-03-05T13:01:00Z'],
    ['in', '2026-03-05T13:05:00Z'],
    ['in', '2026-03-05T13:06:00Z'],
    ['out', '2026-03-05T13:10:00Z'],
  ] as const)
    await insertMessage(ctx.db, c, carla, { dir, sentAt: at });
  // 23:30 on 05/03 in São Paulo (already the 6th in UTC), opened and closed by the manager.
  await insertAttendance(ctx.db, c, {
    name: 'Elisa',
    protocol: '2026030002',
    channelId: web,
    kind: 'web',
    sectorId: S,
    operatorId: ids.user(MANAGER),
    statusId: ids.status('Venda realizada'),
    createdAt: '2026-03-06T02:30:00Z',
    firstAnswerAt: '2026-03-06T02:32:00Z',
    closedAt: '2026-03-06T02:37:00Z',
  });
  // Still open, on a deleted number; its customer wrote again on the 11th.
  const diego = await insertAttendance(ctx.db, c, {
    name: 'Diego',
    protocol: '2026030003',
    channelId: antiga,
    kind: 'waweb',
    sectorId: S,
    operatorId: ids.user(OPERATOR2),
    createdAt: '2026-03-07T12:00:00Z',
  });
  await insertMessage(ctx.db, c, diego, { dir: 'in', sentAt: '2026-03-07T12:00:00Z' });
  await insertMessage(ctx.db, c, diego, { dir: 'in', sentAt: '2026-03-11T14:00:00Z' });
  // February: outside every period.
  await insertAttendance(ctx.db, c, {
    name: 'Fora',
    channelId: web,
    kind: 'web',
    sectorId: C,
    createdAt: '2026-02-28T12:00:00Z',
    closedAt: '2026-02-28T12:10:00Z',
  });
  // 51 more on the 20th, for the pages.
  for (let i = 1; i <= 51; i++)
    await insertAttendance(ctx.db, c, {
      name: `Lote ${String(i).padStart(2, '0')}`,
      channelId: web,
      kind: 'web',
      sectorId: ids.sector('Financeiro'),
      createdAt: new Date(Date.UTC(2026, 2, 20, 12, i)).toISOString(),
      closedAt: new Date(Date.UTC(2026, 2, 20, 13, i)).toISOString(),
    });
  // Another company's attendance in the same days.
  const [other] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
  const otherId = other?.id ?? 0;
  const [otherSector] = await ctx.db.select().from(sectors).where(eq(sectors.companyId, otherId));
  const otherChannel = await insertChannel(ctx.db, otherId, {
    kind: 'web',
    name: 'Site da Outra',
    sectorId: otherSector?.id ?? 0,
  });
  const [otherStatus] = await ctx.db.select().from(statuses).where(eq(statuses.companyId, otherId));
  await insertAttendance(ctx.db, otherId, {
    name: 'Cliente da Outra',
    channelId: otherChannel,
    kind: 'web',
    sectorId: otherSector?.id ?? 0,
    statusId: otherStatus?.id,
    createdAt: '2026-03-05T13:00:00Z',
  });

  // WhatsApp Enterprise conversations, 09/03–12/03.
  const x = await insertAttendance(ctx.db, c, {
    name: 'Xavier',
    channelId: oficial,
    kind: 'waent',
    sectorId: C,
    createdAt: '2026-03-09T20:00:00Z',
    closedAt: '2026-03-11T13:00:00Z',
  });
  await insertMessage(ctx.db, c, x, { dir: 'in', sentAt: '2026-03-09T20:00:00Z' }); // opens a window on 09/03
  await insertMessage(ctx.db, c, x, { dir: 'in', sentAt: '2026-03-10T10:00:00Z' }); // 14 h later: same window
  await insertMessage(ctx.db, c, x, { dir: 'in', sentAt: '2026-03-11T11:00:00Z' }); // 25 h later: new window
  await insertMessage(ctx.db, c, x, { dir: 'out', sentAt: '2026-03-11T12:00:00Z', hsm: true }); // window open
  const yContact = await insertContact(ctx.db, c, { name: 'Yara', channelId: oficial, kind: 'waent' });
  const y = await insertAttendance(ctx.db, c, {
    name: 'Yara',
    contact: yContact,
    channelId: oficial,
    kind: 'waent',
    sectorId: C,
    createdAt: '2026-03-10T13:00:00Z',
    closedAt: '2026-03-10T22:00:00Z',
  });
  await insertMessage(ctx.db, c, y, { dir: 'out', sentAt: '2026-03-10T13:00:00Z', hsm: true }); // business, 10/03
  await insertMessage(ctx.db, c, y, { dir: 'out', sentAt: '2026-03-10T20:00:00Z', hsm: true }); // same window
  await insertMessage(ctx.db, c, y, { dir: 'in', sentAt: '2026-03-10T21:00:00Z' }); // customer, 10/03
  const y2 = await insertAttendance(ctx.db, c, {
    name: 'Yara',
    contact: yContact,
    channelId: oficial,
    kind: 'waent',
    sectorId: C,
    createdAt: '2026-03-12T22:00:00Z',
  });
  await insertMessage(ctx.db, c, y2, { dir: 'out', sentAt: '2026-03-12T22:00:00Z', hsm: true }); // business, 12/03
  await insertMessage(ctx.db, c, y2, { dir: 'out', sentAt: '2026-03-12T23:00:00Z' }); // not a template
  const z = await insertAttendance(ctx.db, c, {
    name: 'Zilda',
    channelId: filial,
    kind: 'waent',
    sectorId: C,
    createdAt: '2026-03-12T15:00:00Z',
  });
  await insertMessage(ctx.db, c, z, { dir: 'in', sentAt: '2026-03-12T15:00:00Z' }); // customer, 12/03 (Filial)
});
afterAll(() => ctx.close());

describe('analytic', () => {
  it('lists each attendance opened in the period with its times and message counts', async () => {
    const r = await report('analytic', EARLY);
    expect(r.total).toBe(3);
    expect(r.page).toBe(1);
    expect(r.perPage).toBe(50);
    expect(r.rows).toEqual([
      {
        protocol: '2026030001',
        contact: 'Carla',
        channel: 'Site da Empresa Demo',
        sector: 'Comercial',
        operator: 'Ana Operadora',
        status: 'Resolvido',
        opened_at: '05/03/2026 10:00:00',
        first_response_at: '05/03/2026 10:01:00',
        closed_at: '05/03/2026 10:11:00',
        tme: 30,
        tma: 660,
        messages_in: 3,
        messages_out: 2,
      },
      {
        protocol: '2026030002',
        contact: 'Elisa',
        channel: 'Site da Empresa Demo',
        sector: 'Suporte',
        operator: 'Gustavo Gestor',
        status: 'Venda realizada',
        opened_at: '05/03/2026 23:30:00',
        first_response_at: '05/03/2026 23:32:00',
        closed_at: '05/03/2026 23:37:00',
        tme: null,
        tma: 420,
        messages_in: 0,
        messages_out: 0,
      },
      {
        protocol: '2026030003',
        contact: 'Diego',
        channel: 'Loja Antiga (Excluído)',
        sector: 'Suporte',
        operator: 'Bruno Operador',
        status: '',
        opened_at: '07/03/2026 09:00:00',
        first_response_at: '',
        closed_at: '',
        tme: null,
        tma: null,
        messages_in: 2,
        messages_out: 0,
      },
    ]);
  });

  it('filters by operator, profile, channel, sector and status', async () => {
    const names = async (q: string) => (await report('analytic', `${EARLY}&${q}`)).rows.map((x) => x.contact);
    expect(await names(`operator_id=${ids.user(OPERATOR)}`)).toEqual(['Carla']);
    expect(await names('profile_type=1')).toEqual(['Elisa']);
    expect(await names('profile_type=0')).toEqual(['Carla', 'Diego']);
    expect(await names(`channel_id=${antiga}`)).toEqual(['Diego']);
    expect(await names(`sector_id=${ids.sector('Suporte')}`)).toEqual(['Elisa', 'Diego']);
    expect(await names(`status_id=${ids.status('Venda realizada')}`)).toEqual(['Elisa']);
  });

  it('pages 50 rows on screen and writes every row in the CSV', async () => {
    const first = await report('analytic', LATE);
    expect(first.total).toBe(51);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.contact).toBe('Lote 01');
    const second = await report('analytic', `${LATE}&page=2`);
    expect(second.rows.map((x) => x.contact)).toEqual(['Lote 51']);
    expect(second.page).toBe(2);
    const { headers, lines } = await csvOf('analytic', LATE);
    expect(headers['content-disposition']).toBe('attachment; filename="relatorio-analitico.csv"');
    expect(lines[0]).toBe('Analítico - 15/03/2026 a 30/03/2026');
    expect(lines[1]).toBe(
      'Protocolo;Contato;Canal;Setor;Operador;Status;Aberto em;Primeira resposta em;Encerrado em;TME;TMA;Mensagens recebidas;Mensagens enviadas',
    );
    expect(lines).toHaveLength(2 + 51);
  });

  it('refuses more than 30 days', async () => {
    const r = await http.get('/api/reports/analytic?fromDate=01/03/2026&toDate=31/03/2026', {
      cookie: gestor,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('O período máximo deste relatório é de 30 dias.');
  });

  it("never lists another company's attendances", async () => {
    const olga = await http.login(OTHER_ADMIN);
    const r = await report('analytic', EARLY, olga);
    expect(r.rows.map((x) => x.contact)).toEqual(['Cliente da Outra']);
    expect((await report('analytic', EARLY)).rows.map((x) => x.contact)).not.toContain('Cliente da Outra');
  });
});

describe('WhatsApp Enterprise sessions', () => {
  it('counts customer and business windows per number and day', async () => {
    const r = await report('session-whatsapp-enterprise', WAENT);
    expect(r.rows).toEqual([
      { channel: 'WA Filial', day: '12/03/2026', customer: 1, business: 0, total: 1 },
      { channel: 'WA Oficial', day: '10/03/2026', customer: 1, business: 1, total: 2 },
      { channel: 'WA Oficial', day: '11/03/2026', customer: 1, business: 0, total: 1 },
      { channel: 'WA Oficial', day: '12/03/2026', customer: 0, business: 1, total: 1 },
    ]);
    expect(r.totals).toEqual({ channel: 'Total', customer: 3, business: 2, total: 5 });
    const wider = await report('session-whatsapp-enterprise', 'fromDate=09/03/2026&toDate=12/03/2026');
    expect(wider.rows).toContainEqual({
      channel: 'WA Oficial',
      day: '09/03/2026',
      customer: 1,
      business: 0,
      total: 1,
    });
  });

  it('filters by channel and names the CSV', async () => {
    const r = await report('session-whatsapp-enterprise', `${WAENT}&channel_id=${filial}`);
    expect(r.rows.map((x) => x.channel)).toEqual(['WA Filial']);
    const { headers, lines } = await csvOf('session-whatsapp-enterprise', WAENT);
    expect(headers['content-disposition']).toBe(
      'attachment; filename="relatorio-sessao-whatsapp-enterprise.csv"',
    );
    expect(lines[1]).toBe('Canal;Dia;Sessões iniciadas pelo cliente;Sessões iniciadas pela empresa;Total');
    expect(lines.at(-1)).toBe('Total;;3;2;5');
    expect(oficial).toBeGreaterThan(0);
  });
});
