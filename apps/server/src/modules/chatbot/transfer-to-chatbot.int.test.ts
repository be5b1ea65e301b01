import { CHATBOT_API, CHATBOT_MSG, type TFlowGraph } from '@prosa/shared/chatbot';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setAllow } from '../../../test/helpers/attendance-fixtures';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances, messages } from '../../db/schema/attendance';
import { automationSessions } from '../../db/schema/automation';
import { channels } from '../../db/schema/channels';
import { domainEvents } from '../../db/schema/facts';
import { automationConsumer } from '../automation-consumer/consumer';

// Spec 1 transfer to the chatbot: can-transfer (hasChatbot) and POST /transfer/to-chatbot — the flag, a linked
// flow, an attendance not automatic, who may do it; the bot takes the attendance and the operator loses it.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
let ana: string;
let webChannelId: number;
let flowId: number;
let consumer: ReturnType<typeof automationConsumer>;
let attendanceId: number;
let visitor: Awaited<ReturnType<typeof newVisitor>>;

const pos = { x: 0, y: 0 };
const graph = (): TFlowGraph => ({
  nodes: [
    { id: 'start', type: 'start', position: pos, data: {} },
    {
      id: 'menu',
      type: 'menu',
      position: pos,
      data: {
        text: 'Posso ajudar em algo mais?',
        options: [{ id: 'atendente', label: 'Falar com atendente' }],
        invalid_text: 'Opção inválida.',
        retries: 0,
      },
    },
    { id: 'support', type: 'transfer', position: pos, data: { sector_id: ids.sector('Suporte') } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'menu' },
    { id: 'e2', source: 'menu', sourceHandle: 'atendente', target: 'support' },
  ],
});

const transfer = (cookie: string, body: Record<string, unknown>) =>
  http.post(CHATBOT_API.toChatbot, { cookie, body });
const body = (extra: Record<string, unknown> = {}) => ({
  company_id: ids.companyId,
  contact_id: attendanceId,
  data: { user_id: ids.user(OPERATOR), protocol: '2026112600001' },
  ...extra,
});
const row = async () => {
  const [a] = await ctx.db.select().from(attendances).where(eq(attendances.id, attendanceId));
  if (!a) throw new Error('sem atendimento');
  return a;
};

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  manager = await http.login(MANAGER);
  ana = await http.login(OPERATOR);
  await setAllow(ctx, ids.companyId, { chatbots: true });
  const [web] = await ctx.db
    .select()
    .from(channels)
    .where(and(eq(channels.companyId, ids.companyId), eq(channels.kind, 'web')));
  webChannelId = web?.id ?? 0;
  consumer = automationConsumer(ctx.deps);
  await consumer.ensure();
  // A customer talking with Ana, before the channel had a flow.
  visitor = await newVisitor(ctx, 'Rita');
  await visitor.send('Quero falar do meu pedido');
  await consumer.drain();
  const [a] = await ctx.db.select().from(attendances).where(eq(attendances.name, 'Rita'));
  attendanceId = a?.id ?? 0;
  await ctx.db
    .update(attendances)
    .set({ operatorAssignedId: ids.user(OPERATOR), operatorAssignedName: 'Ana' })
    .where(eq(attendances.id, attendanceId));
  const created = await http.post(CHATBOT_API.flows, {
    cookie: manager,
    body: { name: 'Pós-atendimento', active: true, graph: graph() },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  flowId = (created.body.flow as { id: number }).id;
});
afterAll(() => ctx.close());

describe('transfer to the chatbot', () => {
  it('can-transfer answers whether the channel has a linked flow', async () => {
    const url = `${CHATBOT_API.canTransfer}?company_id=${ids.companyId}&channel=web&contact_id=${attendanceId}`;
    expect((await http.get(url, { cookie: ana })).body).toEqual({ hasChatbot: false });
    await http.put(CHATBOT_API.flowChannels(flowId), {
      cookie: manager,
      body: { channel_type: 'web', channel_id: webChannelId },
    });
    expect((await http.get(url, { cookie: ana })).body).toEqual({ hasChatbot: true });
    // Someone who does not see the attendance learns nothing.
    const bruno = await http.login(OPERATOR2);
    expect((await http.get(url, { cookie: bruno })).status).toBe(404);
  });

  it('needs the company flag allowTransferToAuto', async () => {
    const r = await transfer(ana, body());
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(CHATBOT_MSG.transferNotAllowed);
    expect((await row()).auto).toBe(false);
    await setAllow(ctx, ids.companyId, { allowTransferToAuto: true });
  });

  it('refuses bad input, another company and whoever does not see the attendance', async () => {
    const bad = await transfer(ana, body({ contact_id: 'abc' }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(CHATBOT_MSG.transferError);
    const other = await http.login(OTHER_ADMIN);
    expect((await transfer(other, body())).status).toBe(404);
    expect((await transfer(ana, body({ company_id: ids.companyId + 1 }))).status).toBe(404);
    const bruno = await http.login(OPERATOR2);
    expect((await transfer(bruno, body())).status).toBe(404);
    expect((await http.post(CHATBOT_API.toChatbot, { body: body() })).status).toBe(401);
    const sector = await transfer(ana, body({ sector_id: 999_999 }));
    expect(sector.status).toBe(400);
    expect(sector.body.message).toBe(CHATBOT_MSG.sectorNotFound);
    expect((await row()).auto).toBe(false);
  });

  it('answers "no BOT" when the channel has no active flow', async () => {
    await http.delete(CHATBOT_API.flowChannel(flowId, webChannelId), { cookie: manager });
    const r = await transfer(ana, body());
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(CHATBOT_MSG.noBot);
    expect(r.body.message).toBe('Não existe BOT vinculado para este canal.');
    await http.put(CHATBOT_API.flowChannels(flowId), {
      cookie: manager,
      body: { channel_type: 'web', channel_id: webChannelId },
    });
  });

  it('hands the attendance to the flow: automatic, out of the operator’s hands, the flow runs', async () => {
    const r = await transfer(ana, body({ sector_id: ids.sector('Financeiro') }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe('Atendimento transferido para o BOT com sucesso!');
    const a = await row();
    expect(a.auto).toBe(true);
    expect(a.operatorAssignedId).toBeNull();
    const [session] = await ctx.db
      .select()
      .from(automationSessions)
      .where(eq(automationSessions.attendanceId, a.id));
    expect(session).toMatchObject({ holder: 'flow', flowId, nodeId: 'menu' });
    const texts = await ctx.db
      .select({ text: messages.text })
      .from(messages)
      .where(eq(messages.attendanceId, a.id))
      .orderBy(asc(messages.id));
    expect(texts.at(-1)?.text).toBe('Posso ajudar em algo mais?\n1 - Falar com atendente');
    const [started] = await ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.attendanceId, a.id), eq(domainEvents.name, 'automation.started')));
    expect(started?.actorUserId).toBe(ids.user(OPERATOR));
    // Ana no longer sees it as hers; a second transfer is refused.
    const again = await transfer(manager, body());
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CHATBOT_MSG.alreadyAuto);
  });

  it('the customer’s answers go to the flow; a handover without a transfer node goes to the chosen sector', async () => {
    await visitor.send('não sei');
    await consumer.drain();
    const a = await row();
    expect(a.auto).toBe(false);
    expect(a.sectorId).toBe(ids.sector('Financeiro'));
  });
});
