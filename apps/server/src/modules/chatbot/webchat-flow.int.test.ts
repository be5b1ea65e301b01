import { CHATBOT_API, type TFlowGraph } from '@prosa/shared/chatbot';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoIds, newVisitor, setAllow, setTriage } from '../../../test/helpers/attendance-fixtures';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances, messages } from '../../db/schema/attendance';
import { automationSessions } from '../../db/schema/automation';
import { channels } from '../../db/schema/channels';
import { autoDistConfigs } from '../../db/schema/distribution';
import { contactFieldDefinitions } from '../../db/schema/scheduling';
import { users } from '../../db/schema/users';
import { automationConsumer } from '../automation-consumer/consumer';
import { runDistributionCycle } from '../distribution/run-cycle';

// A flow run end to end over web chat: menu → question saved into the contact's metadata → working hours (a fixed
// now) → transfer into distribution (or finish), invalid answers and retries, the transcript kept at the handover.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
let webChannelId: number;
let consumer: ReturnType<typeof automationConsumer>;
const visitorOf = new Map<string, Awaited<ReturnType<typeof newVisitor>>>();

const pos = { x: 0, y: 0 };

function flowGraph(): TFlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', position: pos, data: {} },
      {
        id: 'hello',
        type: 'message',
        position: pos,
        data: { text: 'Olá! Sou o assistente da Empresa Demo.' },
      },
      {
        id: 'menu',
        type: 'menu',
        position: pos,
        data: {
          text: 'Como podemos ajudar?',
          options: [
            { id: 'suporte', label: 'Suporte técnico' },
            { id: 'sair', label: 'Encerrar' },
          ],
          invalid_text: 'Não entendi. Responda com o número da opção.',
          retries: 1,
        },
      },
      {
        id: 'email',
        type: 'question',
        position: pos,
        data: {
          text: 'Qual é o seu e-mail?',
          field: 'email_cliente',
          validation: 'email',
          invalid_text: 'E-mail inválido.',
          retries: 2,
        },
      },
      {
        id: 'hours',
        type: 'condition',
        position: pos,
        data: { kind: 'working_hours', monday_to_friday: '08:00-18:00', saturday: '', sunday: '' },
      },
      {
        id: 'ok',
        type: 'message',
        position: pos,
        data: { text: 'Obrigado, {{email_cliente}}! Já vamos atender.' },
      },
      { id: 'to-support', type: 'transfer', position: pos, data: { sector_id: ids.sector('Suporte') } },
      {
        id: 'closed',
        type: 'finish',
        position: pos,
        data: {
          status_id: ids.status('Sem retorno do cliente'),
          text: 'Estamos fora do horário. Volte amanhã!',
        },
      },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'hello' },
      { id: 'e2', source: 'hello', target: 'menu' },
      { id: 'e3', source: 'menu', sourceHandle: 'suporte', target: 'email' },
      { id: 'e4', source: 'menu', sourceHandle: 'sair', target: 'closed' },
      { id: 'e5', source: 'email', sourceHandle: 'next', target: 'hours' },
      { id: 'e6', source: 'hours', sourceHandle: 'true', target: 'ok' },
      { id: 'e7', source: 'hours', sourceHandle: 'false', target: 'closed' },
      { id: 'e8', source: 'ok', target: 'to-support' },
    ],
  };
}

/** The consumer reads the facts as a worker would, at a fixed wall clock (Date only; timers stay real). */
async function drainAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  try {
    await consumer.drain();
    await consumer.drain();
  } finally {
    vi.useRealTimers();
  }
}

const WEDNESDAY_11H_SP = '2026-11-25T14:00:00Z';
const SATURDAY_11H_SP = '2026-11-28T14:00:00Z';

async function attendanceOf(name: string) {
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!row) throw new Error(`sem atendimento de ${name}`);
  return row;
}
async function transcript(attendanceId: number) {
  const rows = await ctx.db
    .select({ text: messages.text, senderType: messages.senderType })
    .from(messages)
    .where(eq(messages.attendanceId, attendanceId))
    .orderBy(asc(messages.id));
  return rows.map((m) => `${m.senderType === 0 ? 'cliente' : 'bot'}: ${m.text}`);
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  manager = await http.login(MANAGER);
  await setAllow(ctx, ids.companyId, { chatbots: true });
  await ctx.db
    .insert(contactFieldDefinitions)
    .values({ companyId: ids.companyId, key: 'email_cliente', label: 'E-mail do cliente', type: 'text' });
  const [web] = await ctx.db
    .select()
    .from(channels)
    .where(and(eq(channels.companyId, ids.companyId), eq(channels.kind, 'web')));
  webChannelId = web?.id ?? 0;
  const r = await http.post(CHATBOT_API.flows, {
    cookie: manager,
    body: {
      name: 'Atendimento do site',
      active: true,
      graph: flowGraph(),
      linkedChannels: [{ channel_type: 'web', channel_id: webChannelId }],
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  consumer = automationConsumer(ctx.deps);
  await consumer.ensure();
});
afterAll(() => ctx.close());

describe('a flow over web chat', () => {
  it('greets with the menu and holds the attendance as automatic (the Automáticos filter and counter)', async () => {
    const maria = await newVisitor(ctx, 'Maria');
    visitorOf.set('Maria', maria);
    await maria.send('Oi, preciso de ajuda');
    await drainAt(WEDNESDAY_11H_SP);
    const a = await attendanceOf('Maria');
    expect(a.auto).toBe(true);
    expect(a.operatorAssignedId).toBeNull();
    expect(await transcript(a.id)).toEqual([
      'cliente: Oi, preciso de ajuda',
      'bot: Olá! Sou o assistente da Empresa Demo.',
      'bot: Como podemos ajudar?\n1 - Suporte técnico\n2 - Encerrar',
    ]);
    const [session] = await ctx.db
      .select()
      .from(automationSessions)
      .where(eq(automationSessions.attendanceId, a.id));
    expect(session).toMatchObject({ holder: 'flow', nodeId: 'menu' });

    // The chat list's "Automáticos" filter and the dashboard's counter see it.
    const list = await http.get('/api/attendances?filter=auto', { cookie: manager });
    expect((list.body.items as { id: number }[]).map((c) => c.id)).toContain(a.id);
    const monitor = await http.get('/api/distribution/monitor', { cookie: manager });
    expect(monitor.status).toBe(200);
    expect((monitor.body.counters as { auto: number; notDistributed: number }).auto).toBe(1);
    expect((monitor.body.counters as { auto: number; notDistributed: number }).notDistributed).toBe(0);
    expect((list.body.counters as Record<string, number>).auto).toBe(1);
    // Distribution never assigns it.
    await setTriage(ctx, ids.companyId, 'OPERATOR', true);
    await ctx.db.insert(autoDistConfigs).values({ companyId: ids.companyId, enabled: true, chatPerUser: 5 });
    await ctx.db
      .update(users)
      .set({ operatorStatus: 'online' })
      .where(inArray(users.email, [OPERATOR, OPERATOR2]));
    expect((await runDistributionCycle(ctx.deps, { companyId: ids.companyId })).assigned).toBe(0);
  });

  it('asks again on an invalid option and a bad e-mail, saves the answer and hands over into the Suporte queue', async () => {
    const before = (await transcript((await attendanceOf('Maria')).id)).length;
    const customer = visitorOf.get('Maria');
    if (!customer) throw new Error('sem visitante');
    await customer.send('talvez');
    await drainAt(WEDNESDAY_11H_SP);
    await customer.send('suporte tecnico');
    await drainAt(WEDNESDAY_11H_SP);
    await customer.send('maria@');
    await drainAt(WEDNESDAY_11H_SP);
    await customer.send('Maria@Example.com');
    await drainAt(WEDNESDAY_11H_SP);
    const a = await attendanceOf('Maria');
    expect((await transcript(a.id)).slice(before)).toEqual([
      'cliente: talvez',
      'bot: Não entendi. Responda com o número da opção.',
      'bot: Como podemos ajudar?\n1 - Suporte técnico\n2 - Encerrar',
      'cliente: suporte tecnico',
      'bot: Qual é o seu e-mail?',
      'cliente: maria@',
      'bot: E-mail inválido.',
      'bot: Qual é o seu e-mail?',
      'cliente: Maria@Example.com',
      'bot: Obrigado, maria@example.com! Já vamos atender.',
    ]);
    expect((a.data.contact_metadata as Record<string, string>).email_cliente).toBe('maria@example.com');
    expect(a.auto).toBe(false);
    expect(a.sectorId).toBe(ids.sector('Suporte'));
    expect(
      await ctx.db.select().from(automationSessions).where(eq(automationSessions.attendanceId, a.id)),
    ).toEqual([]);

    // Distribution gives it to the online operator of Suporte (Ana, who also works there, or Bruno).
    expect(
      (await runDistributionCycle(ctx.deps, { companyId: ids.companyId })).assigned,
    ).toBeGreaterThanOrEqual(1);
    const assigned = await attendanceOf('Maria');
    expect([ids.user(OPERATOR), ids.user(OPERATOR2)]).toContain(assigned.operatorAssignedId);
    // The operator reads the whole transcript: the bot's messages and the customer's.
    const [op] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, assigned.operatorAssignedId ?? 0));
    const opCookie = await http.login(op?.email ?? '');
    const page = await http.get(`/api/attendances/${a.id}/messages?limit=100`, { cookie: opCookie });
    expect(page.status).toBe(200);
    const texts = (page.body.items as { text: string }[]).map((m) => m.text);
    expect(texts).toContain('Oi, preciso de ajuda');
    expect(texts).toContain('Como podemos ajudar?\n1 - Suporte técnico\n2 - Encerrar');
    expect(texts).toContain('Maria@Example.com');
    expect(texts).toContain('Obrigado, maria@example.com! Já vamos atender.');
  });

  it('out of working hours (Saturday) the flow finishes the attendance with its status', async () => {
    const joao = await newVisitor(ctx, 'João');
    visitorOf.set('João', joao);
    await joao.send('Bom dia');
    await drainAt(SATURDAY_11H_SP);
    await joao.send('1');
    await drainAt(SATURDAY_11H_SP);
    await joao.send('joao@example.com');
    await drainAt(SATURDAY_11H_SP);
    const a = await attendanceOf('João');
    expect(a.closedAt).not.toBeNull();
    expect(a.statusId).toBe(ids.status('Sem retorno do cliente'));
    expect(a.auto).toBe(false);
    expect(await transcript(a.id)).toContain('bot: Estamos fora do horário. Volte amanhã!');
  });

  it('after the retries of a menu with no fallback edge, people take it', async () => {
    const ze = await newVisitor(ctx, 'Zé');
    await ze.send('oi');
    await drainAt(WEDNESDAY_11H_SP);
    await ze.send('nada');
    await drainAt(WEDNESDAY_11H_SP);
    expect((await attendanceOf('Zé')).auto).toBe(true);
    await ze.send('de novo nada');
    await drainAt(WEDNESDAY_11H_SP);
    const a = await attendanceOf('Zé');
    expect(a.auto).toBe(false);
    expect(a.sectorId).toBe(ids.sector('Comercial'));
    expect(
      await ctx.db.select().from(automationSessions).where(eq(automationSessions.attendanceId, a.id)),
    ).toEqual([]);
  });

  it('a flow edited while a session waits: it goes on while its node exists, else hands over', async () => {
    const lia = await newVisitor(ctx, 'Lia');
    await lia.send('oi');
    await drainAt(WEDNESDAY_11H_SP);
    const list = await http.get(CHATBOT_API.flows, { cookie: manager });
    const flowId = (list.body.results as { flows: { id: number }[] }).flows[0]?.id ?? 0;
    const graph = flowGraph();
    // The menu node is replaced by another id: Lia's waiting node is gone.
    graph.nodes = graph.nodes.map((n) => (n.id === 'menu' ? { ...n, id: 'menu2' } : n));
    graph.edges = graph.edges.map((e) => ({
      ...e,
      source: e.source === 'menu' ? 'menu2' : e.source,
      target: e.target === 'menu' ? 'menu2' : e.target,
    }));
    const saved = await http.put(CHATBOT_API.flow(flowId), {
      cookie: manager,
      body: { name: 'Atendimento do site', active: true, graph },
    });
    expect(saved.status).toBe(200);
    expect((saved.body.flow as { version: number }).version).toBe(2);
    await lia.send('1');
    await drainAt(WEDNESDAY_11H_SP);
    const a = await attendanceOf('Lia');
    expect(a.auto).toBe(false);
    expect(await transcript(a.id)).toEqual([
      'cliente: oi',
      'bot: Olá! Sou o assistente da Empresa Demo.',
      'bot: Como podemos ajudar?\n1 - Suporte técnico\n2 - Encerrar',
      'cliente: 1',
    ]);
  });
});
