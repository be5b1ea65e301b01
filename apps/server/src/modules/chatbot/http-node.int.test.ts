import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHATBOT_API, type TFlowGraph } from '@prosa/shared/chatbot';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setAllow } from '../../../test/helpers/attendance-fixtures';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { attendances, messages } from '../../db/schema/attendance';
import { automationSessions, chatbotFlows } from '../../db/schema/automation';
import { channels } from '../../db/schema/channels';
import { contactFieldDefinitions } from '../../db/schema/scheduling';
import { automationConsumer } from '../automation-consumer/consumer';
import { resumeHttp, sweepParkedHttp } from './http-node';

// The HTTP node against a local HTTP server: success (the answer saved into the contact's metadata), error status,
// time-out, a URL the outbound guard refuses; the call made after the commit and continued once; the sweep.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
let server: Server;
let port: number;
let flowId: number;
let webChannelId: number;
let consumer: ReturnType<typeof automationConsumer>;
let mode: 'ok' | 'fail' | 'slow' | 'hang' = 'ok';
const received: { method: string; url: string; body: string; auth: string | undefined }[] = [];

const pos = { x: 0, y: 0 };

function graph(url: string): TFlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', position: pos, data: {} },
      {
        id: 'lookup',
        type: 'http',
        position: pos,
        data: {
          method: 'POST',
          url,
          headers: [{ key: 'Authorization', value: 'Bearer segredo' }],
          body: '{"cliente":"{{nome_cliente}}"}',
          timeout_ms: 1500,
          save_as: 'plano',
          response_path: 'data.plan',
        },
      },
      { id: 'ok', type: 'message', position: pos, data: { text: 'Seu plano é {{plano}}.' } },
      { id: 'fail', type: 'message', position: pos, data: { text: 'Serviço indisponível.' } },
      { id: 'support', type: 'transfer', position: pos, data: { sector_id: ids.sector('Suporte') } },
      { id: 'finance', type: 'transfer', position: pos, data: { sector_id: ids.sector('Financeiro') } },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'lookup' },
      { id: 'e2', source: 'lookup', sourceHandle: 'success', target: 'ok' },
      { id: 'e3', source: 'lookup', sourceHandle: 'error', target: 'fail' },
      { id: 'e4', source: 'ok', target: 'support' },
      { id: 'e5', source: 'fail', target: 'finance' },
    ],
  };
}

async function saveUrl(url: string) {
  const r = await http.put(CHATBOT_API.flow(flowId), {
    cookie: manager,
    body: { name: 'Consulta de plano', active: true, graph: graph(url) },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
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
async function sessionOf(attendanceId: number) {
  const [s] = await ctx.db
    .select()
    .from(automationSessions)
    .where(eq(automationSessions.attendanceId, attendanceId));
  return s ?? null;
}

/** A customer opens an attendance; the flow parks at the HTTP node, whose call runs after the commit. */
async function open(name: string) {
  const v = await newVisitor(ctx, name);
  await v.send('Olá');
  await consumer.drain();
  return { visitor: v, attendance: await attendanceOf(name) };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', body, auth: req.headers.authorization });
      const answer = () => {
        if (mode === 'fail') {
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"plan":"Ouro"}}');
      };
      if (mode === 'slow') setTimeout(answer, 3000);
      else if (mode === 'hang') setTimeout(answer, 6000);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;

  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  manager = await http.login(MANAGER);
  await setAllow(ctx, ids.companyId, { chatbots: true });
  await ctx.db.insert(contactFieldDefinitions).values([
    { companyId: ids.companyId, key: 'plano', label: 'Plano', type: 'text' },
    { companyId: ids.companyId, key: 'nome_cliente', label: 'Nome', type: 'text' },
  ]);
  const [web] = await ctx.db
    .select()
    .from(channels)
    .where(and(eq(channels.companyId, ids.companyId), eq(channels.kind, 'web')));
  webChannelId = web?.id ?? 0;
  const created = await http.post(CHATBOT_API.flows, {
    cookie: manager,
    body: {
      name: 'Consulta de plano',
      active: true,
      graph: graph(`http://127.0.0.1:${port}/planos`),
      linkedChannels: [{ channel_type: 'web', channel_id: webChannelId }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  flowId = (created.body.flow as { id: number }).id;
  consumer = automationConsumer(ctx.deps);
  await consumer.ensure();
});
afterAll(async () => {
  await ctx.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the HTTP node', () => {
  it('calls after the commit, saves the answer into the metadata and follows success', async () => {
    mode = 'ok';
    const { attendance } = await open('Ana Cliente');
    // Parked at the node while the call runs outside the consumer's transaction.
    await expect.poll(async () => (await attendanceOf('Ana Cliente')).auto, { timeout: 10_000 }).toBe(false);
    const a = await attendanceOf('Ana Cliente');
    expect(a.sectorId).toBe(ids.sector('Suporte'));
    expect((a.data.contact_metadata as Record<string, string>).plano).toBe('Ouro');
    expect(await botTexts(attendance.id)).toEqual(['Seu plano é Ouro.']);
    const call = received.at(-1);
    expect(call).toMatchObject({ method: 'POST', url: '/planos', auth: 'Bearer segredo' });
    expect(await sessionOf(a.id)).toBeNull();
  });

  it('follows error on a non-2xx answer', async () => {
    mode = 'fail';
    const { attendance } = await open('Beto Cliente');
    await expect.poll(async () => (await attendanceOf('Beto Cliente')).auto, { timeout: 10_000 }).toBe(false);
    expect((await attendanceOf('Beto Cliente')).sectorId).toBe(ids.sector('Financeiro'));
    expect(await botTexts(attendance.id)).toEqual(['Serviço indisponível.']);
  });

  it('follows error when the node time-out passes', async () => {
    mode = 'slow';
    const { attendance } = await open('Caio Cliente');
    await expect.poll(async () => (await attendanceOf('Caio Cliente')).auto, { timeout: 10_000 }).toBe(false);
    expect(await botTexts(attendance.id)).toEqual(['Serviço indisponível.']);
  });

  it('follows error when the outbound guard refuses the URL (a private address)', async () => {
    mode = 'ok';
    const calls = received.length;
    // A URL the guard refuses is refused at save; here it became refused after (stored as it was).
    await ctx.db
      .update(chatbotFlows)
      .set({ graph: graph('http://10.20.30.40/planos') })
      .where(eq(chatbotFlows.id, flowId));
    const { attendance } = await open('Duda Cliente');
    await expect.poll(async () => (await attendanceOf('Duda Cliente')).auto, { timeout: 10_000 }).toBe(false);
    expect(await botTexts(attendance.id)).toEqual(['Serviço indisponível.']);
    expect(received.length).toBe(calls);
    expect(ctx.outboundLog.some((l) => l.includes('10.20.30.40'))).toBe(true);
    await saveUrl(`http://127.0.0.1:${port}/planos`);
  });

  it('a customer message while parked waits; a dead call is swept to error, and never continues twice', async () => {
    mode = 'hang';
    const { visitor, attendance } = await open('Eva Cliente');
    const parked = await sessionOf(attendance.id);
    const pending = (parked?.state as { pending_http?: { token: string } } | undefined)?.pending_http;
    expect(parked?.nodeId).toBe('lookup');
    expect(pending?.token).toBeTruthy();
    // The node that made the call "died": its token is no longer the session's (as if parked by another run).
    const staleToken = pending?.token ?? '';
    await ctx.db
      .update(automationSessions)
      .set({
        state: {
          ...(parked?.state ?? {}),
          pending_http: {
            node_id: 'lookup',
            token: 'perdido',
            started_at: new Date(0).toISOString(),
            timeout_ms: 1500,
          },
        },
      })
      .where(eq(automationSessions.attendanceId, attendance.id));

    await visitor.send('alô?');
    await consumer.drain();
    expect(await botTexts(attendance.id)).toEqual([]);
    expect((await attendanceOf('Eva Cliente')).auto).toBe(true);

    // The call's own answer comes back with a token that is not the session's: nothing happens.
    const job = {
      companyId: ids.companyId,
      attendanceId: attendance.id,
      flowId,
      nodeId: 'lookup',
      token: staleToken,
    };
    expect(await resumeHttp(ctx.deps, job, { outcome: 'success', value: 'Prata' })).toBe(false);

    expect(await sweepParkedHttp(ctx.deps)).toBe(1);
    const a = await attendanceOf('Eva Cliente');
    expect(a.auto).toBe(false);
    expect(a.sectorId).toBe(ids.sector('Financeiro'));
    expect(await botTexts(attendance.id)).toEqual(['Serviço indisponível.']);
    // Swept once: the same parked call is not resumed again.
    expect(await sweepParkedHttp(ctx.deps)).toBe(0);
    expect(await resumeHttp(ctx.deps, { ...job, token: 'perdido' }, { outcome: 'error', value: null })).toBe(
      false,
    );
  });
});
