import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportWorld, spAt } from '../../../test/helpers/report-c-fixtures';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  type TestContext,
} from '../../../test/helpers/test-app';
import { pollRequests, polls } from '../../db/schema/automation';
import { campaignContacts, campaigns, subscribers } from '../../db/schema/campaigns';

// Reports of bulk sending and of what contacts answered: campaigns, opt-in, polls (issue 19).

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let w: Awaited<ReturnType<typeof reportWorld>>;
let chW: { id: number; kind: string };
let chS: { id: number; kind: string };

type Table = {
  title: string;
  rows: Record<string, unknown>[];
  totals: Record<string, unknown> | null;
  total: number;
};

const MARCH = { fromDate: '01/03/2026', toDate: '31/03/2026' };

async function report(key: string, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]));
  return http.get(`/api/reports/${key}?${qs}`, { cookie: manager });
}
async function table(key: string, query: Record<string, string | number>) {
  const r = await report(key, query);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Table;
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  manager = await http.login(MANAGER);
  w = await reportWorld(ctx);
  chW = await w.channel({ kind: 'waweb', name: 'WhatsApp Campanhas' });
  chS = await w.channel({ kind: 'sms', name: 'SMS Avisos' });
});
afterAll(() => ctx.close());

describe('campaigns report', () => {
  beforeAll(async () => {
    const chOld = await w.channel({ kind: 'waweb', name: 'Número Antigo', deleted: true });
    const chO = await w.channel({ companyId: w.other.id, kind: 'waweb', name: 'Outra' });
    const campaign = async (
      v: Partial<typeof campaigns.$inferInsert> & { title: string; channelId: number },
    ) => {
      const [k] = await ctx.db
        .insert(campaigns)
        .values({ companyId: w.demo.companyId, channel: 'waweb', ...v })
        .returning();
      if (!k) throw new Error('campanha');
      return k;
    };
    const recipients = async (
      k: { id: number; companyId: number },
      list: { key: string; status: string; sentAt?: Date }[],
    ) =>
      ctx.db.insert(campaignContacts).values(
        list.map((c) => ({
          companyId: k.companyId,
          campaignId: k.id,
          contactKey: c.key,
          status: c.status,
          sentAt: c.sentAt ?? null,
        })),
      );
    const k1 = await campaign({
      title: 'Promo março',
      channelId: chW.id,
      status: 'sent',
      totalContacts: 4,
      processedContacts: 4,
      createdAt: spAt('2026-03-01'),
    });
    await recipients(k1, [
      { key: '5511980000001', status: 'read', sentAt: spAt('2026-03-02', '10:00') },
      { key: '5511980000002', status: 'delivered', sentAt: spAt('2026-03-02', '10:00') },
      { key: '5511980000003', status: 'failure' },
      { key: '5511980000004', status: 'sent', sentAt: spAt('2026-03-02', '10:00') },
    ]);
    // The first one answered after the send; the second had written before it only.
    const a1 = await w.attendance({
      channel: chW,
      name: 'Responde',
      phone: '5511980000001',
      at: spAt('2026-03-02', '11:00'),
    });
    await w.message({
      attendanceId: a1.id,
      fromContact: true,
      at: spAt('2026-03-02', '11:00'),
      text: 'Quero!',
    });
    const a2 = await w.attendance({
      channel: chW,
      name: 'Antes',
      phone: '5511980000002',
      at: spAt('2026-03-02', '09:00'),
    });
    await w.message({ attendanceId: a2.id, fromContact: true, at: spAt('2026-03-02', '09:00'), text: 'oi' });

    const k2 = await campaign({
      title: 'Aviso SMS',
      channel: 'sms',
      channelId: chS.id,
      status: 'progress',
      totalContacts: 3,
      processedContacts: 1,
      createdAt: spAt('2026-02-15'),
    });
    await recipients(k2, [
      { key: '5511981000001', status: 'sent', sentAt: spAt('2026-03-05') },
      { key: '5511981000002', status: 'pending' },
      { key: '5511981000003', status: 'pending' },
    ]);
    const k3 = await campaign({
      title: 'Janeiro',
      channelId: chW.id,
      status: 'sent',
      createdAt: spAt('2026-01-10'),
    });
    await recipients(k3, [{ key: '5511982000001', status: 'sent', sentAt: spAt('2026-01-10') }]);
    await campaign({
      title: 'Excluída',
      channelId: chW.id,
      createdAt: spAt('2026-03-10'),
      deletedAt: spAt('2026-03-11'),
    });
    await campaign({
      title: 'Sem canal',
      channelId: chOld.id,
      status: 'channel_unavailable',
      createdAt: spAt('2026-03-20'),
    });
    await campaign({
      companyId: w.other.id,
      title: 'Da outra',
      channelId: chO.id,
      createdAt: spAt('2026-03-10'),
    });
  });

  it('gives each campaign active in the period with its recipients by state and the replies', async () => {
    const t = await table('campaigns', MARCH);
    expect(t.title).toBe('Campanhas');
    expect(t.rows).toEqual([
      {
        title: 'Aviso SMS',
        channel: 'SMS Avisos',
        status: 'Processando',
        contacts: 3,
        sent: 1,
        delivered: 0,
        read: 0,
        failed: 0,
        replied: 0,
        percent: 33,
      },
      {
        title: 'Promo março',
        channel: 'WhatsApp Campanhas',
        status: 'Enviado',
        contacts: 4,
        sent: 3,
        delivered: 2,
        read: 1,
        failed: 1,
        replied: 1,
        percent: 100,
      },
      {
        title: 'Sem canal',
        channel: 'Número Antigo (Excluído)',
        status: 'Não enviado (canal removido)',
        contacts: 0,
        sent: 0,
        delivered: 0,
        read: 0,
        failed: 0,
        replied: 0,
        percent: 100,
      },
    ]);
    expect(t.totals).toMatchObject({
      title: 'Total',
      contacts: 7,
      sent: 4,
      delivered: 2,
      read: 1,
      failed: 1,
      replied: 1,
    });
    expect(t.total).toBe(3);
  });

  it('filters by channel', async () => {
    const t = await table('campaigns', { ...MARCH, channel_id: chW.id });
    expect(t.rows.map((r) => r.title)).toEqual(['Promo março']);
    expect(t.total).toBe(1);
  });

  it('downloads as CSV', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/campaigns?fromDate=01/03/2026&toDate=31/03/2026&channel_id=${chW.id}&format=csv`,
      headers: { cookie: manager },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('relatorio-campanhas.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Campanhas - 01/03/2026 a 31/03/2026',
      'Campanha;Canal;Status;Contatos;Enviados;Entregues;Lidos;Falhas;Responderam;Percentual',
      'Promo março;WhatsApp Campanhas;Enviado;4;3;2;1;1;1;100,00',
      'Total;;;4;3;2;1;1;1;',
    ]);
  });
});

describe('opt-in report', () => {
  beforeAll(async () => {
    const chO = await w.channel({ companyId: w.other.id, kind: 'waweb', name: 'Outra optin' });
    let n = 0;
    const sub = (
      channelId: number,
      status: 'active' | 'inactive',
      source: string,
      at: Date,
      companyId = w.demo.companyId,
    ) => ({
      companyId,
      channelId,
      uid: `55119900000${String(++n).padStart(2, '0')}`,
      subscriberStatus: status,
      source,
      createdAt: at,
      updatedAt: at,
    });
    await ctx.db
      .insert(subscribers)
      .values([
        sub(chW.id, 'active', 'inbound', spAt('2026-03-02')),
        sub(chW.id, 'active', 'inbound', spAt('2026-03-03')),
        sub(chW.id, 'active', 'inbound', spAt('2026-03-31', '23:30')),
        sub(chW.id, 'inactive', 'optout', spAt('2026-03-04')),
        sub(chS.id, 'active', 'manual', spAt('2026-03-05')),
        sub(chS.id, 'inactive', 'manual', spAt('2026-03-06')),
        sub(chW.id, 'active', 'inbound', spAt('2026-02-28', '23:59')),
        sub(chO.id, 'active', 'inbound', spAt('2026-03-05'), w.other.id),
      ]);
  });

  it('counts opt-ins and opt-outs per channel and source, with totals', async () => {
    const t = await table('optin', MARCH);
    expect(t.rows).toEqual([
      { channel: 'SMS Avisos', kind: 'SMS', source: 'Alteração manual', optin: 1, optout: 1, total: 2 },
      {
        channel: 'WhatsApp Campanhas',
        kind: 'WhatsApp',
        source: 'Mensagem do contato',
        optin: 3,
        optout: 0,
        total: 3,
      },
      {
        channel: 'WhatsApp Campanhas',
        kind: 'WhatsApp',
        source: 'Pediu para sair',
        optin: 0,
        optout: 1,
        total: 1,
      },
    ]);
    expect(t.totals).toEqual({ channel: 'Total', kind: '', source: '', optin: 4, optout: 2, total: 6 });
    expect(t.total).toBe(3);
  });

  it('filters by channel and refuses more than 60 days', async () => {
    const t = await table('optin', { ...MARCH, channel_id: chS.id });
    expect(t.rows.map((r) => r.source)).toEqual(['Alteração manual']);
    const long = await report('optin', { fromDate: '01/01/2026', toDate: '02/03/2026' });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('O período máximo deste relatório é de 60 dias.');
  });
});

describe('polls report', () => {
  beforeAll(async () => {
    const [p1] = await ctx.db
      .insert(polls)
      .values({
        companyId: w.demo.companyId,
        name: 'Satisfação',
        question: 'Como foi?',
        possibleAnswers: {
          '1': { key: 'A', value: 'Ótimo' },
          '2': { key: 'B', value: 'Bom' },
          '3': { key: 'C', value: 'Ruim' },
        },
      })
      .returning();
    const [p2] = await ctx.db
      .insert(polls)
      .values({
        companyId: w.demo.companyId,
        name: 'Nota',
        question: 'Que nota você dá?',
        answerOrder: 'numbers',
        possibleAnswers: {
          '1': { key: '1', value: '10' },
          '2': { key: '2', value: '5' },
          '3': { key: '3', value: '0' },
        },
      })
      .returning();
    const [pO] = await ctx.db
      .insert(polls)
      .values({
        companyId: w.other.id,
        name: 'Outra',
        question: '?',
        possibleAnswers: { '1': { key: 'A', value: 'Sim' } },
      })
      .returning();
    const a = await w.attendance({
      channel: chW,
      name: 'Pesquisado',
      phone: '5511990001111',
      at: spAt('2026-03-01'),
    });
    const ana = w.demo.user(OPERATOR);
    const bruno = w.demo.user(OPERATOR2);
    const suporte = w.demo.sector('Suporte');
    const comercial = w.demo.sector('Comercial');
    const req = (
      pollId: number,
      answerKey: string | null,
      operatorId: number,
      sectorId: number,
      at: Date,
      state: 'answered' | 'expired' = 'answered',
    ) => ({
      companyId: w.demo.companyId,
      pollId,
      attendanceId: a.id,
      contactId: a.contactId,
      channelId: chW.id,
      operatorId,
      sectorId,
      state,
      answerKey,
      askedAt: at,
      answeredAt: state === 'answered' ? at : null,
    });
    const P1 = p1?.id ?? 0;
    const P2 = p2?.id ?? 0;
    await ctx.db
      .insert(pollRequests)
      .values([
        req(P1, 'A', ana, suporte, spAt('2026-03-02')),
        req(P1, 'A', ana, suporte, spAt('2026-03-03')),
        req(P1, 'A', ana, suporte, spAt('2026-03-04')),
        req(P1, 'B', bruno, comercial, spAt('2026-03-05')),
        req(P1, null, bruno, comercial, spAt('2026-03-06'), 'expired'),
        req(P1, 'C', bruno, comercial, spAt('2026-04-01')),
        req(P2, '1', ana, suporte, spAt('2026-03-07')),
        req(P2, '1', ana, suporte, spAt('2026-03-08')),
        req(P2, '3', bruno, comercial, spAt('2026-03-09')),
      ]);
    const aO = await w.attendance({
      companyId: w.other.id,
      channel: await w.channel({ companyId: w.other.id, name: 'Outra pesquisa' }),
      name: 'Outro',
      phone: '5511990002222',
      at: spAt('2026-03-01'),
    });
    await ctx.db.insert(pollRequests).values({
      companyId: w.other.id,
      pollId: pO?.id ?? 0,
      attendanceId: aO.id,
      contactId: aO.contactId,
      channelId: aO.channelId,
      state: 'answered',
      answerKey: 'A',
      askedAt: spAt('2026-03-02'),
    });
  });

  it('gives answers and percent per poll and option, and the average of numeric polls', async () => {
    const t = await table('polls', MARCH);
    expect(t.rows).toEqual([
      { poll: 'Nota', option: '1 - 10', answers: 2, percent: 66.66, average: '6,67' },
      { poll: 'Nota', option: '2 - 5', answers: 0, percent: 0, average: '6,67' },
      { poll: 'Nota', option: '3 - 0', answers: 1, percent: 33.33, average: '6,67' },
      { poll: 'Satisfação', option: 'A - Ótimo', answers: 3, percent: 75, average: null },
      { poll: 'Satisfação', option: 'B - Bom', answers: 1, percent: 25, average: null },
      { poll: 'Satisfação', option: 'C - Ruim', answers: 0, percent: 0, average: null },
    ]);
    expect(t.totals).toMatchObject({ poll: 'Total', answers: 7 });
    expect(t.total).toBe(6);
  });

  it("filters by the attendance's operator and sector", async () => {
    const byOperator = await table('polls', { ...MARCH, operator_id: w.demo.user(OPERATOR) });
    expect(byOperator.rows.filter((r) => r.answers !== 0)).toEqual([
      { poll: 'Nota', option: '1 - 10', answers: 2, percent: 100, average: '10,00' },
      { poll: 'Satisfação', option: 'A - Ótimo', answers: 3, percent: 100, average: null },
    ]);
    const bySector = await table('polls', { ...MARCH, sector_id: w.demo.sector('Comercial') });
    expect(bySector.rows.filter((r) => r.answers !== 0)).toEqual([
      { poll: 'Nota', option: '3 - 0', answers: 1, percent: 100, average: '0,00' },
      { poll: 'Satisfação', option: 'B - Bom', answers: 1, percent: 100, average: null },
    ]);
  });
});
