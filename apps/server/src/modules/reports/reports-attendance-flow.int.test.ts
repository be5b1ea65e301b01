import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportWorld, spAt } from '../../../test/helpers/report-c-fixtures';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendanceTransfers } from '../../db/schema/facts';
import { attendanceFlows } from '../../db/schema/reports';

// The attendance-flow report (who opened, closed and held each attendance, its transfers) and the detail route
// with one attendance's transfers (issue 19).

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let w: Awaited<ReturnType<typeof reportWorld>>;
let ids: { ana: number; bruno: number; gustavo: number; suporte: number; comercial: number };
let chF: { id: number; kind: string };
let chG: { id: number; kind: string };
let carlaId: number;
let otherAttendanceId: number;

type Table = { rows: Record<string, unknown>[]; totals: Record<string, unknown> | null; total: number };

const MARCH = { fromDate: '01/03/2026', toDate: '31/03/2026' };

async function table(query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]));
  const r = await http.get(`/api/reports/attendance-flow?${qs}`, { cookie: manager });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Table;
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  manager = await http.login(MANAGER);
  w = await reportWorld(ctx);
  ids = {
    ana: w.demo.user(OPERATOR),
    bruno: w.demo.user(OPERATOR2),
    gustavo: w.demo.user(MANAGER),
    suporte: w.demo.sector('Suporte'),
    comercial: w.demo.sector('Comercial'),
  };
  const f = await w.channel({ name: 'WhatsApp Fluxo' });
  const g = await w.channel({ name: 'Telegram Fluxo', kind: 'telegram' });
  chF = f;
  chG = g;
  const flow = async (input: {
    channel: { id: number; kind: string };
    name: string;
    phone: string;
    sectorId: number;
    openedAt: Date;
    openedBy?: number | null;
    closedAt?: Date | null;
    closedBy?: number | null;
    responsibles?: number[];
    transfers?: number;
    companyId?: number;
  }) => {
    const a = await w.attendance({
      companyId: input.companyId,
      channel: input.channel,
      name: input.name,
      phone: input.phone,
      sectorId: input.sectorId,
      at: input.openedAt,
      closedAt: input.closedAt,
    });
    await ctx.db.insert(attendanceFlows).values({
      companyId: input.companyId ?? w.demo.companyId,
      attendanceId: a.id,
      openedAt: input.openedAt,
      openedBy: input.openedBy ?? null,
      closedAt: input.closedAt ?? null,
      closedBy: input.closedBy ?? null,
      responsibleIds: input.responsibles ?? [],
      transfers: input.transfers ?? 0,
    });
    return a;
  };
  const carla = await flow({
    channel: f,
    name: 'Carla Fluxo',
    phone: '5511970000001',
    sectorId: ids.comercial,
    openedAt: spAt('2026-03-02', '10:00'),
    closedAt: spAt('2026-03-02', '11:00'),
    closedBy: ids.bruno,
    responsibles: [ids.ana, ids.bruno],
    transfers: 2,
  });
  carlaId = carla.id;
  await ctx.db.insert(attendanceTransfers).values([
    {
      companyId: w.demo.companyId,
      attendanceId: carla.id,
      at: spAt('2026-03-02', '10:10'),
      fromSectorId: ids.suporte,
      toSectorId: ids.comercial,
      fromOperatorId: ids.ana,
      toOperatorId: null,
      byUserId: ids.ana,
      reason: 'transfer',
    },
    {
      companyId: w.demo.companyId,
      attendanceId: carla.id,
      at: spAt('2026-03-02', '10:20'),
      fromSectorId: ids.comercial,
      toSectorId: ids.comercial,
      toOperatorId: ids.bruno,
      reason: 'distribution',
    },
  ]);
  await flow({
    channel: f,
    name: 'Diego Fluxo',
    phone: '5511970000002',
    sectorId: ids.comercial,
    openedAt: spAt('2026-03-03', '09:00'),
    openedBy: ids.gustavo,
    responsibles: [ids.gustavo],
  });
  await flow({
    channel: f,
    name: 'Elisa Fluxo',
    phone: '5511970000003',
    sectorId: ids.suporte,
    openedAt: spAt('2026-03-04', '08:00'),
    closedAt: spAt('2026-03-04', '12:00'),
  });
  await flow({
    channel: g,
    name: 'Fábio Fluxo',
    phone: '5511970000004',
    sectorId: ids.suporte,
    openedAt: spAt('2026-03-05', '08:00'),
    responsibles: [ids.ana],
    transfers: 1,
  });
  await flow({
    channel: f,
    name: 'Abril Fluxo',
    phone: '5511970000005',
    sectorId: ids.suporte,
    openedAt: spAt('2026-04-01', '08:00'),
  });
  const chO = await w.channel({ companyId: w.other.id, name: 'Canal da Outra' });
  const other = await flow({
    companyId: w.other.id,
    channel: chO,
    name: 'Outra Fluxo',
    phone: '5511970000006',
    sectorId: w.otherSector.id,
    openedAt: spAt('2026-03-03', '09:00'),
  });
  otherAttendanceId = other.id;
});
afterAll(() => ctx.close());

describe('attendance-flow report', () => {
  it('lists each attendance opened in the period: who opened, closed and held it, and its transfers', async () => {
    const t = await table(MARCH);
    expect(t.rows.map(({ attendance_id, protocol, ...rest }) => rest)).toEqual([
      {
        contact: 'Carla Fluxo',
        channel: 'WhatsApp Fluxo',
        opened_at: '02/03/2026 10:00:00',
        opened_by: 'Cliente',
        closed_by: 'Bruno Operador',
        closed_at: '02/03/2026 11:00:00',
        responsibles: 'Ana Operadora, Bruno Operador',
        transfers: 2,
      },
      {
        contact: 'Diego Fluxo',
        channel: 'WhatsApp Fluxo',
        opened_at: '03/03/2026 09:00:00',
        opened_by: 'Gustavo Gestor',
        closed_by: '',
        closed_at: '',
        responsibles: 'Gustavo Gestor',
        transfers: 0,
      },
      {
        contact: 'Elisa Fluxo',
        channel: 'WhatsApp Fluxo',
        opened_at: '04/03/2026 08:00:00',
        opened_by: 'Cliente',
        closed_by: 'Automático',
        closed_at: '04/03/2026 12:00:00',
        responsibles: '',
        transfers: 0,
      },
      {
        contact: 'Fábio Fluxo',
        channel: 'Telegram Fluxo',
        opened_at: '05/03/2026 08:00:00',
        opened_by: 'Cliente',
        closed_by: '',
        closed_at: '',
        responsibles: 'Ana Operadora',
        transfers: 1,
      },
    ]);
    expect(t.rows[0]?.attendance_id).toBe(carlaId);
    expect(t.totals).toMatchObject({ protocol: 'Total', transfers: 3 });
    expect(t.total).toBe(4);
  });

  it('filters by operator (one of its responsibles), channel and sector', async () => {
    const names = async (q: Record<string, number>) =>
      (await table({ ...MARCH, ...q })).rows.map((r) => r.contact);
    expect(await names({ operator_id: ids.ana })).toEqual(['Carla Fluxo', 'Fábio Fluxo']);
    expect(await names({ channel_id: chG.id })).toEqual(['Fábio Fluxo']);
    expect(await names({ channel_id: chF.id, sector_id: ids.suporte })).toEqual(['Elisa Fluxo']);
  });

  it('refuses a period above 90 days', async () => {
    const r = await http.get('/api/reports/attendance-flow?fromDate=01/01/2026&toDate=01/04/2026', {
      cookie: manager,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('O período máximo deste relatório é de 90 dias.');
  });

  it('downloads as CSV', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/attendance-flow?fromDate=01/03/2026&toDate=31/03/2026&channel_id=${chG.id}&format=csv`,
      headers: { cookie: manager },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('relatorio-fluxo-atendimento.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Fluxo de atendimento - 01/03/2026 a 31/03/2026');
    expect(lines[1]).toBe(
      'Protocolo;Contato;Canal;Aberto em;Aberto por;Encerrado por;Encerrado em;Responsáveis;Transferências',
    );
    expect(lines[2]).toMatch(
      /^P[^;]+;Fábio Fluxo;Telegram Fluxo;05\/03\/2026 08:00:00;Cliente;;;Ana Operadora;1$/,
    );
    expect(lines[3]).toBe('Total;1 atendimento(s);;;;;;;1');
  });

  it('pages on screen (50 a page, count and totals of the whole period) with a filter on the attendance', async () => {
    for (let i = 0; i < 52; i++) {
      const openedAt = new Date(Date.UTC(2026, 5, 10, 12, i));
      const a = await w.attendance({
        channel: i % 2 === 0 ? chF : chG,
        name: `Paginado ${String(i).padStart(2, '0')}`,
        phone: `55119800000${String(i).padStart(2, '0')}`,
        sectorId: ids.suporte,
        at: openedAt,
      });
      await ctx.db
        .insert(attendanceFlows)
        .values({ companyId: w.demo.companyId, attendanceId: a.id, openedAt, transfers: 1 });
    }
    const JUNE = { fromDate: '01/06/2026', toDate: '30/06/2026' };
    const first = await table(JUNE);
    expect(first.total).toBe(52);
    expect(first.rows).toHaveLength(50);
    expect(first.totals).toMatchObject({ contact: '52 atendimento(s)', transfers: 52 });
    const second = await table({ ...JUNE, page: 2 });
    expect(second.total).toBe(52);
    expect(second.rows.map((r) => r.contact)).toEqual(['Paginado 50', 'Paginado 51']);
    const telegram = await table({ ...JUNE, channel_id: chG.id });
    expect(telegram.total).toBe(26);
    expect(telegram.rows).toHaveLength(26);
    expect(telegram.rows[25]?.contact).toBe('Paginado 51');
    expect(telegram.totals).toMatchObject({ transfers: 26 });
  });
});

describe('attendance-flow detail', () => {
  it("gives one attendance's transfers in order, with the reasons in Portuguese", async () => {
    const r = await http.get(`/api/reports/attendance-flow/${carlaId}`, { cookie: manager });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ attendance_id: carlaId, contact: 'Carla Fluxo' });
    expect(r.body.transfers).toEqual([
      {
        at: spAt('2026-03-02', '10:10').toISOString(),
        from_sector: 'Suporte',
        to_sector: 'Comercial',
        from_operator: 'Ana Operadora',
        to_operator: '',
        by: 'Ana Operadora',
        reason: 'Transferência',
      },
      {
        at: spAt('2026-03-02', '10:20').toISOString(),
        from_sector: 'Comercial',
        to_sector: 'Comercial',
        from_operator: '',
        to_operator: 'Bruno Operador',
        by: 'Sistema',
        reason: 'Distribuição automática',
      },
    ]);
  });

  it("answers 404 for another company's attendance, 400 for a bad id, 403 for an operator", async () => {
    expect(
      (await http.get(`/api/reports/attendance-flow/${otherAttendanceId}`, { cookie: manager })).status,
    ).toBe(404);
    const otherAdmin = await http.login(OTHER_ADMIN);
    expect((await http.get(`/api/reports/attendance-flow/${carlaId}`, { cookie: otherAdmin })).status).toBe(
      404,
    );
    const bad = await http.get('/api/reports/attendance-flow/abc', { cookie: manager });
    expect([400, 404]).toContain(bad.status);
    expect(bad.status).not.toBe(500);
    const operator = await http.login(OPERATOR);
    expect((await http.get(`/api/reports/attendance-flow/${carlaId}`, { cookie: operator })).status).toBe(
      403,
    );
  });
});
