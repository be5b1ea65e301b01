import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHATBOT_API, FLOW_MAX_STEPS, type TFlowGraph } from '@prosa/shared/chatbot';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setAllow } from '../../../test/helpers/attendance-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import { samplePng } from '../../../test/helpers/sample-files';
import { api, createTestContext, MANAGER, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { attendances, messages } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { contactFieldDefinitions } from '../../db/schema/scheduling';
import { automationConsumer } from '../automation-consumer/consumer';

// The engine's rules: the fallback edge after the retries, a question into a list field, a metadata condition,
// the loop guard (also across HTTP resumes), an inactive flow that holds nothing.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
let webChannelId: number;
let consumer: ReturnType<typeof automationConsumer>;
let server: Server;
let calls = 0;
let port = 0;

const pos = { x: 0, y: 0 };

async function saveFlow(name: string, graph: TFlowGraph, active = true) {
  const r = await http.post(CHATBOT_API.flows, {
    cookie: manager,
    body: { name, active, graph, linkedChannels: [{ channel_type: 'web', channel_id: webChannelId }] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.flow as { id: number }).id;
}
async function attendanceOf(name: string) {
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!row) throw new Error(`sem atendimento de ${name}`);
  return row;
}
async function botTexts(attendanceId: number) {
  const rows = await ctx.db
    .select({ text: messages.text, senderType: messages.senderType })
    .from(messages)
    .where(eq(messages.attendanceId, attendanceId))
    .orderBy(asc(messages.id));
  return rows.filter((m) => m.senderType !== 0).map((m) => m.text);
}

beforeAll(async () => {
  server = createServer((_req, res) => {
    calls += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  manager = await http.login(MANAGER);
  await setAllow(ctx, ids.companyId, { chatbots: true });
  await ctx.db.insert(contactFieldDefinitions).values({
    companyId: ids.companyId,
    key: 'plano',
    label: 'Plano',
    type: 'list',
    options: [
      { key: 'ouro', value: 'Ouro' },
      { key: 'prata', value: 'Prata' },
    ],
  });
  const [web] = await ctx.db
    .select()
    .from(channels)
    .where(and(eq(channels.companyId, ids.companyId), eq(channels.kind, 'web')));
  webChannelId = web?.id ?? 0;
  consumer = automationConsumer(ctx.deps);
  await consumer.ensure();
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('flow engine rules', () => {
  it('menu fallback after the retries; a question into a list field; a metadata condition', async () => {
    await saveFlow('Planos', {
      nodes: [
        { id: 'start', type: 'start', position: pos, data: {} },
        {
          id: 'menu',
          type: 'menu',
          position: pos,
          data: { text: 'Menu', options: [{ id: 'p', label: 'Planos' }], invalid_text: '', retries: 0 },
        },
        { id: 'lost', type: 'message', position: pos, data: { text: 'Vamos te encaminhar.' } },
        { id: 'fin', type: 'transfer', position: pos, data: { sector_id: ids.sector('Financeiro') } },
        {
          id: 'plan',
          type: 'question',
          position: pos,
          data: { text: 'Qual plano? (Ouro ou Prata)', field: 'plano', validation: 'text', retries: 3 },
        },
        {
          id: 'gold',
          type: 'condition',
          position: pos,
          data: { kind: 'metadata', field: 'plano', op: 'equals', value: 'ouro' },
        },
        { id: 'vip', type: 'message', position: pos, data: { text: 'Cliente {{plano}}: prioridade!' } },
        { id: 'sup', type: 'transfer', position: pos, data: { sector_id: ids.sector('Suporte') } },
        { id: 'bye', type: 'finish', position: pos, data: { status_id: ids.status('Resolvido') } },
      ],
      edges: [
        { id: 'a', source: 'start', target: 'menu' },
        { id: 'b', source: 'menu', sourceHandle: 'fallback', target: 'lost' },
        { id: 'c', source: 'lost', target: 'fin' },
        { id: 'd', source: 'menu', sourceHandle: 'p', target: 'plan' },
        { id: 'e', source: 'plan', target: 'gold' },
        { id: 'f', source: 'gold', sourceHandle: 'true', target: 'vip' },
        { id: 'g', source: 'vip', target: 'sup' },
        { id: 'h', source: 'gold', sourceHandle: 'false', target: 'bye' },
      ],
    });
    const lost = await newVisitor(ctx, 'Perdido');
    await lost.send('oi');
    await consumer.drain();
    await lost.send('hã?');
    await consumer.drain();
    const a = await attendanceOf('Perdido');
    expect(a.auto).toBe(false);
    expect(a.sectorId).toBe(ids.sector('Financeiro'));
    expect(await botTexts(a.id)).toEqual(['Menu\n1 - Planos', 'Vamos te encaminhar.']);

    const gold = await newVisitor(ctx, 'Dourado');
    await gold.send('oi');
    await consumer.drain();
    await gold.send('1');
    await consumer.drain();
    await gold.send('Bronze');
    await consumer.drain();
    await gold.send('Ouro');
    await consumer.drain();
    const g = await attendanceOf('Dourado');
    expect((g.data.contact_metadata as Record<string, string>).plano).toBe('ouro');
    expect(g.sectorId).toBe(ids.sector('Suporte'));
    expect(await botTexts(g.id)).toEqual([
      'Menu\n1 - Planos',
      'Qual plano? (Ouro ou Prata)',
      'Resposta inválida. Por favor, tente novamente.',
      'Qual plano? (Ouro ou Prata)',
      'Cliente ouro: prioridade!',
    ]);

    const silver = await newVisitor(ctx, 'Prateado');
    await silver.send('oi');
    await consumer.drain();
    await silver.send('planos');
    await consumer.drain();
    await silver.send('prata');
    await consumer.drain();
    const s = await attendanceOf('Prateado');
    expect(s.closedAt).not.toBeNull();
    expect(s.statusId).toBe(ids.status('Resolvido'));
  });

  it('a loop in the drawing hands over after the step limit', async () => {
    await saveFlow('Laço', {
      nodes: [
        { id: 'start', type: 'start', position: pos, data: {} },
        { id: 'm1', type: 'message', position: pos, data: { text: 'um' } },
        { id: 'm2', type: 'message', position: pos, data: { text: 'dois' } },
      ],
      edges: [
        { id: 'a', source: 'start', target: 'm1' },
        { id: 'b', source: 'm1', target: 'm2' },
        { id: 'c', source: 'm2', target: 'm1' },
      ],
    });
    const v = await newVisitor(ctx, 'Laçado');
    await v.send('oi');
    await consumer.drain();
    const a = await attendanceOf('Laçado');
    expect(a.auto).toBe(false);
    const sent = await botTexts(a.id);
    expect(sent.length).toBe(FLOW_MAX_STEPS - 1);
  });

  it('a loop through an HTTP node counts its steps across the calls and hands over', async () => {
    await saveFlow('Laço HTTP', {
      nodes: [
        { id: 'start', type: 'start', position: pos, data: {} },
        {
          id: 'h',
          type: 'http',
          position: pos,
          data: { url: `http://127.0.0.1:${port}/ping`, timeout_ms: 2000 },
        },
        { id: 'm', type: 'message', position: pos, data: { text: 'de novo' } },
        { id: 'end', type: 'finish', position: pos, data: { status_id: ids.status('Resolvido') } },
      ],
      edges: [
        { id: 'a', source: 'start', target: 'h' },
        { id: 'b', source: 'h', sourceHandle: 'success', target: 'm' },
        { id: 'c', source: 'm', target: 'h' },
        { id: 'd', source: 'h', sourceHandle: 'error', target: 'end' },
      ],
    });
    calls = 0;
    const v = await newVisitor(ctx, 'Pingado');
    await v.send('oi');
    await consumer.drain();
    await expect.poll(async () => (await attendanceOf('Pingado')).auto, { timeout: 20_000 }).toBe(false);
    const a = await attendanceOf('Pingado');
    expect(a.closedAt).toBeNull();
    expect(calls).toBe(FLOW_MAX_STEPS / 2);
  });

  it('a message node sends its media with its text', async () => {
    const form = multipart([
      { name: 'file', filename: 'cardapio.png', contentType: 'image/png', data: samplePng() },
    ]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: CHATBOT_API.media,
      headers: { ...form.headers, cookie: manager },
      payload: form.payload,
    });
    expect(up.statusCode).toBe(200);
    const file = (JSON.parse(up.body) as { file: { key: string } }).file;
    await saveFlow('Cardápio', {
      nodes: [
        { id: 'start', type: 'start', position: pos, data: {} },
        { id: 'pic', type: 'message', position: pos, data: { text: 'Nosso cardápio', media: file } },
        { id: 'sup', type: 'transfer', position: pos, data: { sector_id: ids.sector('Suporte') } },
      ],
      edges: [
        { id: 'a', source: 'start', target: 'pic' },
        { id: 'b', source: 'pic', target: 'sup' },
      ],
    });
    const v = await newVisitor(ctx, 'Faminto');
    await v.send('oi');
    await consumer.drain();
    const a = await attendanceOf('Faminto');
    const [sent] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.attendanceId, a.id), eq(messages.text, 'Nosso cardápio')));
    const attached = (sent?.attachments ?? []) as { key: string; type: string }[];
    expect(attached.map((x) => [x.key, x.type])).toEqual([[file.key, 'image']]);
  });

  it('a transfer node to an operator gives the attendance straight to them', async () => {
    await saveFlow('Direto para a Ana', {
      nodes: [
        { id: 'start', type: 'start', position: pos, data: {} },
        { id: 'ana', type: 'transfer', position: pos, data: { operator_id: ids.user(OPERATOR) } },
      ],
      edges: [{ id: 'a', source: 'start', target: 'ana' }],
    });
    const v = await newVisitor(ctx, 'Cliente da Ana');
    await v.send('oi');
    await consumer.drain();
    const a = await attendanceOf('Cliente da Ana');
    expect(a.auto).toBe(false);
    expect(a.operatorAssignedId).toBe(ids.user(OPERATOR));
  });

  it('an inactive flow holds nothing: the attendance goes to people', async () => {
    await saveFlow(
      'Desligado',
      { nodes: [{ id: 'start', type: 'start', position: pos, data: {} }], edges: [] },
      false,
    );
    const v = await newVisitor(ctx, 'Humano');
    await v.send('oi');
    await consumer.drain();
    const a = await attendanceOf('Humano');
    expect(a.auto).toBe(false);
    expect(await botTexts(a.id)).toEqual([]);
  });

  it('a company that stops allowing chatbots runs none of its flows', async () => {
    await saveFlow('Boas-vindas', {
      nodes: [
        { id: 'start', type: 'start', position: pos, data: {} },
        { id: 'hello', type: 'message', position: pos, data: { text: 'Sou o robô.' } },
        { id: 'end', type: 'transfer', position: pos, data: { sector_id: ids.sector('Suporte') } },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'hello' },
        { id: 'e2', source: 'hello', target: 'end' },
      ],
    });
    await setAllow(ctx, ids.companyId, { chatbots: false });
    try {
      const v = await newVisitor(ctx, 'Sem robô');
      await v.send('oi');
      await consumer.drain();
      const a = await attendanceOf('Sem robô');
      expect(a.auto).toBe(false);
      expect(await botTexts(a.id)).toEqual([]);
    } finally {
      await setAllow(ctx, ids.companyId, { chatbots: true });
    }
    const v = await newVisitor(ctx, 'Com robô');
    await v.send('oi');
    await consumer.drain();
    expect(await botTexts((await attendanceOf('Com robô')).id)).toEqual(['Sou o robô.']);
  });
});
