import { CHATBOT_API, type TFlowGraph } from '@prosa/shared/chatbot';
import { formatDate } from '@prosa/shared/dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor, setAllow } from '../../../test/helpers/attendance-fixtures';
import { reportWorld, spAt } from '../../../test/helpers/report-c-fixtures';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { chatbotFlows } from '../../db/schema/automation';
import { channels } from '../../db/schema/channels';
import { automationConsumer } from '../automation-consumer/consumer';

// The flows report: runs of chatbot flows that started in the period and how each ended. Real runs over web chat
// (the automation consumer keeps each ended run on its attendance) and hand-built runs for exact times.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let w: Awaited<ReturnType<typeof reportWorld>>;
let consumer: ReturnType<typeof automationConsumer>;

type Table = { rows: Record<string, unknown>[]; totals: Record<string, unknown> | null; total: number };

const EMAILS = 'gestor@empresademo.com.br';

async function report(query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]));
  return http.get(`/api/reports/flows?${qs}`, { cookie: manager });
}
async function table(query: Record<string, string | number>) {
  const r = await report(query);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Table;
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  manager = await http.login(MANAGER);
  w = await reportWorld(ctx);
  await setAllow(ctx, w.demo.companyId, { chatbots: true });
  consumer = automationConsumer(ctx.deps);
  await consumer.ensure();
});
afterAll(() => ctx.close());

describe('flows report', () => {
  it('counts real runs by how they ended: handed over, finished, closed meanwhile, still going', async () => {
    const [web] = await ctx.db
      .select()
      .from(channels)
      .where(and(eq(channels.companyId, w.demo.companyId), eq(channels.kind, 'web')));
    const pos = { x: 0, y: 0 };
    const graph: TFlowGraph = {
      nodes: [
        { id: 'start', type: 'start', position: pos, data: {} },
        {
          id: 'menu',
          type: 'menu',
          position: pos,
          data: {
            text: 'Escolha',
            options: [
              { id: 'pessoas', label: 'Falar com uma pessoa' },
              { id: 'sair', label: 'Sair' },
            ],
            invalid_text: 'Opção inválida.',
            retries: 3,
          },
        },
        { id: 'to-support', type: 'transfer', position: pos, data: { sector_id: w.demo.sector('Suporte') } },
        {
          id: 'bye',
          type: 'finish',
          position: pos,
          data: { status_id: w.demo.status('Sem retorno do cliente'), text: 'Até logo!' },
        },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'menu' },
        { id: 'e2', source: 'menu', sourceHandle: 'pessoas', target: 'to-support' },
        { id: 'e3', source: 'menu', sourceHandle: 'sair', target: 'bye' },
      ],
    };
    const created = await http.post(CHATBOT_API.flows, {
      cookie: manager,
      body: {
        name: 'Triagem do site',
        active: true,
        graph,
        linkedChannels: [{ channel_type: 'web', channel_id: web?.id ?? 0 }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    const visit = async (name: string, answers: string[]) => {
      const v = await newVisitor(ctx, name);
      await v.send('oi');
      await consumer.drain();
      for (const a of answers) {
        await v.send(a);
        await consumer.drain();
      }
      const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
      if (!row) throw new Error(`sem atendimento de ${name}`);
      return row;
    };
    await visit('Fluxo Pessoa', ['1']);
    const finished = await visit('Fluxo Sai', ['2']);
    expect(finished.closedAt).not.toBeNull();
    await visit('Fluxo Parado', []);
    const closed = await visit('Fluxo Encerrado', []);
    // A manager finalizes it while the flow still holds it.
    const r = await http.post(
      `/api/set-status/${w.demo.companyId}/${closed.sectorId}/${w.demo.user(MANAGER)}`,
      {
        cookie: manager,
        body: { status: w.demo.status('Sem retorno do cliente'), contact: closed.id },
      },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await consumer.drain();

    const day = 86_400_000;
    const t = await table({
      fromDate: formatDate(new Date(Date.now() - day)),
      toDate: formatDate(new Date(Date.now() + day)),
      emails: EMAILS,
    });
    expect(t.rows).toHaveLength(1);
    expect(t.rows[0]).toMatchObject({
      flow: 'Triagem do site',
      started: 4,
      finished: 1,
      handover: 1,
      abandoned: 1,
      running: 1,
    });
    expect(typeof t.rows[0]?.average).toBe('number');
  });

  describe('hand-built runs', () => {
    beforeAll(async () => {
      const [flow] = await ctx.db
        .insert(chatbotFlows)
        .values({ companyId: w.demo.companyId, name: 'Fluxo de março' })
        .returning();
      const [otherFlow] = await ctx.db
        .insert(chatbotFlows)
        .values({ companyId: w.other.id, name: 'Fluxo da outra' })
        .returning();
      const ch = await w.channel({ name: 'WhatsApp Fluxos' });
      const chO = await w.channel({ companyId: w.other.id, name: 'Outro canal' });
      const run = (flowId: number, start: Date, end: Date, outcome: string) => ({
        flow_id: flowId,
        started_at: start.toISOString(),
        ended_at: end.toISOString(),
        outcome,
      });
      const withRuns = async (a: { id: number }, runs: unknown[]) =>
        ctx.db
          .update(attendances)
          .set({ data: { flow_runs: runs } })
          .where(eq(attendances.id, a.id));
      const f = flow?.id ?? 0;
      const a = await w.attendance({
        channel: ch,
        name: 'Março A',
        phone: '5511960000001',
        at: spAt('2026-03-10', '09:59'),
      });
      await withRuns(a, [
        run(f, spAt('2026-03-10', '10:00'), spAt('2026-03-10', '10:02'), 'finished'),
        run(f, spAt('2026-03-10', '11:00'), spAt('2026-03-10', '11:10'), 'handover'),
      ]);
      const b = await w.attendance({
        channel: ch,
        name: 'Março B',
        phone: '5511960000002',
        at: spAt('2026-03-11', '08:59'),
        closedAt: spAt('2026-03-11', '09:01'),
      });
      await withRuns(b, [run(f, spAt('2026-03-11', '09:00'), spAt('2026-03-11', '09:01'), 'abandoned')]);
      // Started in February: not March's, though closed in March.
      const c = await w.attendance({
        channel: ch,
        name: 'Fevereiro',
        phone: '5511960000003',
        at: spAt('2026-02-20'),
        closedAt: spAt('2026-03-02'),
      });
      await withRuns(c, [run(f, spAt('2026-02-20', '10:00'), spAt('2026-02-20', '10:05'), 'finished')]);
      const o = await w.attendance({
        companyId: w.other.id,
        channel: chO,
        name: 'Outra',
        phone: '5511960000004',
        at: spAt('2026-03-10'),
      });
      await withRuns(o, [
        run(otherFlow?.id ?? 0, spAt('2026-03-10'), spAt('2026-03-10', '10:30'), 'finished'),
      ]);
    });

    it('gives each outcome and the average time of the runs started in the period', async () => {
      const t = await table({ fromDate: '01/03/2026', toDate: '31/03/2026', emails: EMAILS });
      expect(t.rows).toEqual([
        {
          flow: 'Fluxo de março',
          started: 3,
          finished: 1,
          handover: 1,
          abandoned: 1,
          running: 0,
          // (120 + 600 + 60) / 3 seconds
          average: 260,
        },
      ]);
      expect(t.totals).toMatchObject({ flow: 'Total', started: 3, average: 260 });
      expect(t.total).toBe(1);
    });

    it('downloads as CSV with the average as a duration', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/reports/flows?fromDate=01/03/2026&toDate=31/03/2026&emails=${EMAILS}&format=csv`,
        headers: { cookie: manager },
      });
      expect(res.statusCode).toBe(200);
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines).toEqual([
        'Fluxos - 01/03/2026 a 31/03/2026',
        'Fluxo;Iniciados;Finalizados;Transferidos para atendimento;Abandonados / expirados;Em andamento;Tempo médio',
        'Fluxo de março;3;1;1;1;0;00:04:20',
        'Total;3;1;1;1;0;00:04:20',
      ]);
    });

    it('checks the period rules: 31 days, from 25/07/2022, the recipients', async () => {
      const long = await report({ fromDate: '01/03/2026', toDate: '01/04/2026', emails: EMAILS });
      expect(long.body.message).toBe('O período máximo deste relatório é de 31 dias.');
      const early = await report({ fromDate: '20/07/2022', toDate: '30/07/2022', emails: EMAILS });
      expect(early.body.message).toBe('A data de início não pode ser anterior a 25/07/2022.');
      const none = await report({ fromDate: '01/03/2026', toDate: '31/03/2026' });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Informe ao menos um e-mail de destino.');
    });
  });
});
