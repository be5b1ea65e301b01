import { REPORT_MSG } from '@prosa/shared/reports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAllow } from '../../../test/helpers/attendance-fixtures';
import { reportWorld, spAt } from '../../../test/helpers/report-c-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { triggers } from '../../db/schema/automation';
import { controlWordLogs } from '../../db/schema/knowledge';
import { users } from '../../db/schema/users';
import { activeSends, hsmTemplates } from '../../db/schema/waent';

// Reports of what the product and the operators sent: triggers, active messages, control words (issue 19).

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let w: Awaited<ReturnType<typeof reportWorld>>;

const MARCH = { fromDate: '01/03/2026', toDate: '31/03/2026' };

type Table = {
  title: string;
  rows: Record<string, unknown>[];
  totals: Record<string, unknown> | null;
  total: number;
  page?: number;
  tables?: { title: string; rows: Record<string, unknown>[] }[];
};

async function report(key: string, query: Record<string, string | number>, cookie = manager) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]));
  return http.get(`/api/reports/${key}?${qs}`, { cookie });
}
async function table(key: string, query: Record<string, string | number>) {
  const r = await report(key, query);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Table;
}
async function csv(key: string, query: Record<string, string | number>) {
  const qs = new URLSearchParams(
    Object.entries({ ...query, format: 'csv' }).map(([k, v]) => [k, String(v)] as [string, string]),
  );
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/reports/${key}?${qs}`,
    headers: { cookie: manager },
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    lines: res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n'),
  };
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  manager = await http.login(MANAGER);
  w = await reportWorld(ctx);
});
afterAll(() => ctx.close());

describe('triggers report', () => {
  let chA: { id: number; kind: string };
  let chB: { id: number; kind: string };
  let chOther: { id: number; kind: string };

  beforeAll(async () => {
    chA = await w.channel({ name: 'WhatsApp Gatilhos' });
    chB = await w.channel({ name: 'WhatsApp Outro' });
    chOther = await w.channel({ companyId: w.other.id, name: 'Canal da Outra' });
    const [t1] = await ctx.db
      .insert(triggers)
      .values({
        companyId: w.demo.companyId,
        channelId: chA.id,
        triggerableType: 'wwpp',
        triggerType: 'text',
        name: 'Horário',
        triggerText: 'horario',
      })
      .returning();
    await ctx.db.insert(triggers).values({
      companyId: w.demo.companyId,
      channelId: chA.id,
      triggerableType: 'wwpp',
      triggerType: 'first_message',
    });
    const t1Id = t1?.id ?? 0;
    const a1 = await w.attendance({
      channel: chA,
      name: 'Carla Souza',
      phone: '5511911110001',
      at: spAt('2026-03-02'),
    });
    const a2 = await w.attendance({
      channel: chA,
      name: 'Diego Lima',
      phone: '5511922220002',
      at: spAt('2026-03-04'),
    });
    const fire = (attendanceId: number, at: Date, metadata: Record<string, unknown>, companyId?: number) =>
      w.message({ companyId, attendanceId, at, metadata: { automatic: true, ...metadata } });
    await fire(a1.id, spAt('2026-03-02', '10:00'), { trigger: 'first_message' });
    // One firing of a text trigger with a text and an image: two messages, one instant.
    await fire(a1.id, spAt('2026-03-02', '10:05'), { trigger: 'text', trigger_id: t1Id });
    await fire(a1.id, spAt('2026-03-02', '10:05'), { trigger: 'text', trigger_id: t1Id });
    await fire(a1.id, spAt('2026-03-03', '09:00'), { trigger: 'text', trigger_id: t1Id });
    await fire(a1.id, spAt('2026-04-01', '09:00'), { trigger: 'text', trigger_id: t1Id });
    await w.message({ attendanceId: a1.id, at: spAt('2026-03-02', '10:10'), text: 'Olá, sou a Ana' });
    await fire(a2.id, spAt('2026-03-04', '11:00'), { trigger: 'first_message' });
    await fire(a2.id, spAt('2026-03-04', '11:00'), { trigger: 'agreement' });
    await fire(a2.id, spAt('2026-03-04', '11:02'), { trigger: 'agreement_accepted' });
    const b1 = await w.attendance({
      channel: chB,
      name: 'Elisa',
      phone: '5511933330003',
      at: spAt('2026-03-05'),
    });
    await fire(b1.id, spAt('2026-03-05'), { trigger: 'first_message' });
    const o1 = await w.attendance({
      companyId: w.other.id,
      channel: chOther,
      name: 'Fora',
      phone: '5511944440004',
      at: spAt('2026-03-05'),
    });
    await fire(o1.id, spAt('2026-03-05'), { trigger: 'first_message' }, w.other.id);
  });

  it('counts firings and attendances per trigger of the channel in the period', async () => {
    const t = await table('triggers', { ...MARCH, channel_id: chA.id });
    expect(t.title).toBe('Gatilhos');
    expect(t.rows).toEqual([
      {
        trigger: 'Termo de aceite',
        type: 'Termo de aceite',
        fired: 2,
        attendances: 1,
        last_fired: '04/03/2026 11:02:00',
      },
      {
        trigger: 'Primeira mensagem',
        type: 'Primeira mensagem',
        fired: 2,
        attendances: 2,
        last_fired: '04/03/2026 11:00:00',
      },
      {
        trigger: 'Horário',
        type: 'Gatilho de texto',
        fired: 2,
        attendances: 1,
        last_fired: '03/03/2026 09:00:00',
      },
    ]);
    expect(t.totals).toMatchObject({ trigger: 'Total', fired: 6, attendances: 2 });
    expect(t.total).toBe(3);
    expect(t.page).toBe(1);
  });

  it('narrows to a contact by phone', async () => {
    const t = await table('triggers', { ...MARCH, channel_id: chA.id, phone: '(11) 92222-0002' });
    expect(t.rows.map((r) => [r.trigger, r.fired, r.attendances])).toEqual([
      ['Termo de aceite', 2, 1],
      ['Primeira mensagem', 1, 1],
    ]);
  });

  it("answers 404 for another company's channel", async () => {
    const r = await report('triggers', { ...MARCH, channel_id: chOther.id });
    expect(r.status).toBe(404);
  });

  it('asks for a channel, refuses more than 90 days, and is for managers only', async () => {
    const r = await report('triggers', MARCH);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(REPORT_MSG.triggerChannel);
    const long = await report('triggers', {
      fromDate: '01/01/2026',
      toDate: '01/04/2026',
      channel_id: chA.id,
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('O período máximo deste relatório é de 90 dias.');
    const operator = await http.login(OPERATOR);
    expect((await report('triggers', { ...MARCH, channel_id: chA.id }, operator)).status).toBe(403);
  });

  it('downloads as CSV: title and period, headers, rows, totals', async () => {
    const r = await csv('triggers', { ...MARCH, channel_id: chA.id });
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toContain('relatorio-gatilhos.csv');
    expect(r.lines).toEqual([
      'Gatilhos - 01/03/2026 a 31/03/2026',
      'Gatilho;Tipo;Disparos;Atendimentos;Último disparo',
      'Termo de aceite;Termo de aceite;2;1;04/03/2026 11:02:00',
      'Primeira mensagem;Primeira mensagem;2;2;04/03/2026 11:00:00',
      'Horário;Gatilho de texto;2;1;03/03/2026 09:00:00',
      'Total;;6;2;',
    ]);
  });
});

describe('active report', () => {
  let chW: { id: number; kind: string };
  let ids: { ana: number; gustavo: number; bruno: number };

  beforeAll(async () => {
    ids = {
      ana: w.demo.user(OPERATOR),
      gustavo: w.demo.user(MANAGER),
      bruno: w.demo.user('bruno.operador@empresademo.com.br'),
    };
    await ctx.db.update(users).set({ inactiveSince: new Date() }).where(eq(users.id, ids.bruno));
    chW = await w.channel({ kind: 'waent', name: 'WhatsApp Ativo' });
    const chOld = await w.channel({ kind: 'waweb', name: 'Canal Antigo', deleted: true });
    const [tpl] = await ctx.db
      .insert(hsmTemplates)
      .values({
        ownerCompanyId: w.demo.companyId,
        name: 'boas_vindas',
        elementName: 'boas_vindas',
        template: 'Olá {{1}}',
      })
      .returning();
    const send = async (input: {
      userId: number;
      channel: { id: number; kind: string };
      name: string;
      phone: string;
      at: Date;
      text: string;
      delivery: 'sent' | 'delivered' | 'read' | 'error';
      templateId?: number | null;
      companyId?: number;
    }) => {
      const a = await w.attendance({
        companyId: input.companyId,
        channel: input.channel,
        name: input.name,
        phone: input.phone,
        at: input.at,
      });
      await w.message({
        companyId: input.companyId,
        attendanceId: a.id,
        at: input.at,
        text: input.text,
        delivery: input.delivery,
        operatorId: input.userId,
      });
      await ctx.db.insert(activeSends).values({
        companyId: input.companyId ?? w.demo.companyId,
        userId: input.userId,
        channelId: input.channel.id,
        attendanceId: a.id,
        phone: input.phone,
        templateId: input.templateId ?? null,
        createdAt: new Date(input.at.getTime() + 1000),
      });
      return a;
    };
    const carla = await send({
      userId: ids.ana,
      channel: chW,
      name: 'Carla Ativo',
      phone: '5511900000001',
      at: spAt('2026-03-05', '10:00'),
      text: 'Olá Carla',
      delivery: 'read',
      templateId: tpl?.id ?? null,
    });
    await w.message({
      attendanceId: carla.id,
      fromContact: true,
      at: spAt('2026-03-05', '10:30'),
      text: 'Oi!',
    });
    const diego = await w.attendance({
      channel: chW,
      name: 'Diego Ativo',
      phone: '5511900000002',
      at: spAt('2026-03-06', '08:00'),
    });
    // He wrote before the active message: not an answer to it.
    await w.message({
      attendanceId: diego.id,
      fromContact: true,
      at: spAt('2026-03-06', '09:00'),
      text: 'bom dia',
    });
    await w.message({
      attendanceId: diego.id,
      at: spAt('2026-03-06', '10:00'),
      text: 'Oi Diego',
      delivery: 'delivered',
      operatorId: ids.gustavo,
    });
    await ctx.db.insert(activeSends).values({
      companyId: w.demo.companyId,
      userId: ids.gustavo,
      channelId: chW.id,
      attendanceId: diego.id,
      phone: '5511900000002',
      createdAt: spAt('2026-03-06', '10:00'),
    });
    await send({
      userId: ids.bruno,
      channel: chOld,
      name: 'Elisa Ativo',
      phone: '5511900000003',
      at: spAt('2026-03-07'),
      text: 'Oi Elisa',
      delivery: 'error',
    });
    await send({
      userId: ids.ana,
      channel: chW,
      name: 'Fora do período',
      phone: '5511900000004',
      at: spAt('2026-04-02'),
      text: 'Abril',
      delivery: 'sent',
    });
    const chO = await w.channel({ companyId: w.other.id, name: 'Outro WhatsApp' });
    await send({
      companyId: w.other.id,
      userId: w.otherUser.id,
      channel: chO,
      name: 'Outra',
      phone: '5511900000005',
      at: spAt('2026-03-08'),
      text: 'Outra',
      delivery: 'read',
    });
  });

  it('lists each active send with its message, state and answer, and totals by state', async () => {
    const t = await table('active', MARCH);
    expect(t.title).toBe('Ativos');
    expect(t.rows).toEqual([
      {
        operator: 'Bruno Operador (Inativo)',
        channel: 'Canal Antigo (Excluído)',
        contact: 'Elisa Ativo',
        phone: '5511900000003',
        content: 'Oi Elisa',
        sent_at: '07/03/2026 10:00:01',
        state: 'Erro',
        answered: 'Não',
      },
      {
        operator: 'Gustavo Gestor',
        channel: 'WhatsApp Ativo',
        contact: 'Diego Ativo',
        phone: '5511900000002',
        content: 'Oi Diego',
        sent_at: '06/03/2026 10:00:00',
        state: 'Entregue',
        answered: 'Não',
      },
      {
        operator: 'Ana Operadora',
        channel: 'WhatsApp Ativo',
        contact: 'Carla Ativo',
        phone: '5511900000001',
        content: 'boas_vindas',
        sent_at: '05/03/2026 10:00:01',
        state: 'Lido',
        answered: 'Sim',
      },
    ]);
    expect(t.total).toBe(3);
    expect(t.tables?.[0]?.rows).toEqual([
      { state: 'Entregue', count: 1 },
      { state: 'Lido', count: 1 },
      { state: 'Erro', count: 1 },
      { state: 'Responderam', count: 1 },
      { state: 'Total', count: 3 },
    ]);
  });

  it('filters by profile, operator and channel', async () => {
    const names = async (q: Record<string, string | number>) =>
      (await table('active', { ...MARCH, ...q })).rows.map((r) => r.contact);
    expect(await names({ profile_type: 0 })).toEqual(['Elisa Ativo', 'Carla Ativo']);
    expect(await names({ operator_id: ids.gustavo })).toEqual(['Diego Ativo']);
    expect(await names({ channel_id: chW.id })).toEqual(['Diego Ativo', 'Carla Ativo']);
  });

  it('refuses a period above 60 days', async () => {
    const r = await report('active', { fromDate: '01/01/2026', toDate: '02/03/2026' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('O período máximo deste relatório é de 60 dias.');
  });

  it("does not show another company's sends to its admin either", async () => {
    const other = await http.login(OTHER_ADMIN);
    const r = await report('active', MARCH, other);
    expect(r.status).toBe(200);
    expect((r.body as unknown as Table).rows.map((x) => x.contact)).toEqual(['Outra']);
  });

  it('counts a send without its message as sent, with the sent ones', async () => {
    await ctx.db.insert(activeSends).values({
      companyId: w.demo.companyId,
      userId: ids.ana,
      channelId: chW.id,
      phone: '5511900000009',
      createdAt: spAt('2026-04-03'),
    });
    const t = await table('active', { fromDate: '01/04/2026', toDate: '30/04/2026' });
    expect(t.total).toBe(2);
    expect(t.tables?.[0]?.rows).toEqual([
      { state: 'Enviado', count: 2 },
      { state: 'Responderam', count: 0 },
      { state: 'Total', count: 2 },
    ]);
  });
});

describe('control words report', () => {
  beforeAll(async () => {
    const chC = await w.channel({ name: 'WhatsApp Palavras' });
    const a = await w.attendance({
      channel: chC,
      name: 'Contato Palavras',
      phone: '5511955550005',
      at: spAt('2026-03-05'),
    });
    const log = (v: Partial<typeof controlWordLogs.$inferInsert> & { words: string[]; createdAt: Date }) =>
      ctx.db.insert(controlWordLogs).values({
        companyId: w.demo.companyId,
        userId: w.demo.user(OPERATOR),
        kind: 'message',
        ...v,
      });
    await log({ attendanceId: a.id, words: ['idiota', 'burro'], createdAt: spAt('2026-03-05', '12:00') });
    await log({
      userId: w.demo.user(ADMIN),
      kind: 'name',
      words: ['idiota'],
      createdAt: spAt('2026-03-06', '12:00'),
    });
    await log({ words: ['fora'], createdAt: spAt('2026-04-06', '12:00') });
    await ctx.db.insert(controlWordLogs).values({
      companyId: w.other.id,
      userId: w.otherUser.id,
      kind: 'message',
      words: ['outra'],
      createdAt: spAt('2026-03-06'),
    });
    // Many in May, to see the pages.
    await ctx.db.insert(controlWordLogs).values(
      Array.from({ length: 55 }, (_, i) => ({
        companyId: w.demo.companyId,
        userId: w.demo.user(OPERATOR),
        kind: 'message' as const,
        words: ['maio'],
        createdAt: spAt('2026-05-10', `10:${String(i).padStart(2, '0')}`),
      })),
    );
  });

  it('needs the control words switch of the company', async () => {
    const r = await report('control-words', MARCH);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(REPORT_MSG.controlWordsOff);
    await setAllow(ctx, w.demo.companyId, { controlwords: true });
  });

  it('lists each word found, with the totals per word', async () => {
    const t = await table('control-words', MARCH);
    expect(t.rows).toEqual([
      {
        word: 'idiota',
        kind: 'Nome',
        contact: '',
        operator: 'Alice Administradora',
        channel: '',
        at: '06/03/2026 12:00:00',
      },
      {
        word: 'burro',
        kind: 'Mensagem',
        contact: 'Contato Palavras',
        operator: 'Ana Operadora',
        channel: 'WhatsApp Palavras',
        at: '05/03/2026 12:00:00',
      },
      {
        word: 'idiota',
        kind: 'Mensagem',
        contact: 'Contato Palavras',
        operator: 'Ana Operadora',
        channel: 'WhatsApp Palavras',
        at: '05/03/2026 12:00:00',
      },
    ]);
    expect(t.tables?.[0]).toMatchObject({
      title: 'Total por palavra',
      rows: [
        { word: 'idiota', count: 2 },
        { word: 'burro', count: 1 },
      ],
    });
    expect(t.total).toBe(3);
  });

  it('filters by operator', async () => {
    const t = await table('control-words', { ...MARCH, operator_id: w.demo.user(ADMIN) });
    expect(t.rows.map((r) => r.word)).toEqual(['idiota']);
    expect(t.total).toBe(1);
  });

  it('pages on screen and gives every row in CSV', async () => {
    const may = { fromDate: '01/05/2026', toDate: '31/05/2026' };
    const p1 = await table('control-words', may);
    expect(p1.total).toBe(55);
    expect(p1.rows).toHaveLength(50);
    expect(p1.rows[0]?.at).toBe('10/05/2026 10:54:00');
    const p2 = await table('control-words', { ...may, page: 2 });
    expect(p2.rows).toHaveLength(5);
    expect(p2.rows[4]?.at).toBe('10/05/2026 10:00:00');
    const r = await csv('control-words', may);
    expect(r.lines[0]).toBe('Palavras de controle - 01/05/2026 a 31/05/2026');
    expect(r.lines[1]).toBe('Palavra;Onde;Contato;Operador;Canal;Quando');
    // Title, headers, 55 rows and the totals; then the totals per word.
    expect(r.lines[56]).toBe('maio;Mensagem;;Ana Operadora;;10/05/2026 10:00:00');
    expect(r.lines[57]).toBe('Total;55 ocorrência(s);;;;');
    expect(r.lines.slice(58).filter(Boolean)).toEqual([
      'Total por palavra',
      'Palavra;Ocorrências',
      'maio;55',
    ]);
  });
});
