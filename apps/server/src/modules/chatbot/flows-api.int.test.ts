import { CHATBOT_API, CHATBOT_MSG, emptyGraph, type TFlowGraph } from '@prosa/shared/chatbot';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import { samplePng } from '../../../test/helpers/sample-files';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { chatbotFlows } from '../../db/schema/automation';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { sectors } from '../../db/schema/organization';

// The flows' API (spec 2 §7 Chatbot): manager and above, the caller's company, 403 when chatbots are not allowed,
// validation texts, channels linked (and moved), the save bumping the version, media of message nodes.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
let webChannelId: number;
let otherChannelId: number;

const pos = { x: 10, y: 20 };

function simpleGraph(text = 'Olá!'): TFlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', position: pos, data: {} },
      { id: 'msg', type: 'message', position: pos, data: { text } },
      { id: 'end', type: 'finish', position: pos, data: { status_id: ids.status('Resolvido') } },
    ],
    edges: [
      { id: 'a', source: 'start', target: 'msg' },
      { id: 'b', source: 'msg', target: 'end' },
    ],
  };
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  manager = await http.login(MANAGER);
  const [web] = await ctx.db
    .select()
    .from(channels)
    .where(and(eq(channels.companyId, ids.companyId), eq(channels.kind, 'web')));
  webChannelId = web?.id ?? 0;
  const [other] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
  const [otherSector] = await ctx.db
    .select()
    .from(sectors)
    .where(eq(sectors.companyId, other?.id ?? 0));
  const [otherChannel] = await ctx.db
    .insert(channels)
    .values({
      companyId: other?.id ?? 0,
      kind: 'tg',
      name: 'Telegram da outra',
      routeKey: 'outra-tg',
      defaultSectorId: otherSector?.id ?? 0,
    })
    .returning({ id: channels.id });
  otherChannelId = otherChannel?.id ?? 0;
});
afterAll(() => ctx.close());

describe('chatbot flows API', () => {
  it('answers 403 (not authorised) while the company does not allow chatbots', async () => {
    const list = await http.get(`${CHATBOT_API.flows}?page=1`, { cookie: manager });
    expect(list.status).toBe(403);
    expect(list.body.message).toBe(CHATBOT_MSG.notAuthorised);
    expect((await http.get(CHATBOT_API.configs, { cookie: manager })).status).toBe(403);
    expect((await http.post(CHATBOT_API.flows, { cookie: manager, body: { name: 'X' } })).status).toBe(403);
    await setAllow(ctx, ids.companyId, { chatbots: true });
    const configs = await http.get(CHATBOT_API.configs, { cookie: manager });
    expect(configs.status).toBe(200);
    expect(configs.body).toMatchObject({ isAuth: true, urlAuth: null, token: null, agent: null });
  });

  it('is for managers and above; anonymous callers are refused', async () => {
    const operator = await http.login(OPERATOR);
    expect((await http.get(CHATBOT_API.flows, { cookie: operator })).status).toBe(403);
    expect((await http.post(CHATBOT_API.flows, { cookie: operator, body: { name: 'X' } })).status).toBe(403);
    expect((await http.get(CHATBOT_API.options, { cookie: operator })).status).toBe(403);
    expect((await http.get(CHATBOT_API.flows)).status).toBe(401);
  });

  it('refuses bad input with Portuguese texts and stores nothing', async () => {
    const noName = await http.post(CHATBOT_API.flows, { cookie: manager, body: { name: '  ' } });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe(CHATBOT_MSG.nameRequired);
    const longName = await http.post(CHATBOT_API.flows, { cookie: manager, body: { name: 'x'.repeat(121) } });
    expect(longName.body.message).toBe(CHATBOT_MSG.nameTooLong);
    const badGraph = await http.post(CHATBOT_API.flows, {
      cookie: manager,
      body: { name: 'X', graph: 'nada' },
    });
    expect(badGraph.status).toBe(400);
    expect(badGraph.body.message).toBe(CHATBOT_MSG.graphInvalid);
    // An active flow must be complete: the issues come back, per node.
    const incomplete = await http.post(CHATBOT_API.flows, {
      cookie: manager,
      body: { name: 'Incompleto', active: true, graph: emptyGraph() },
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toBe(CHATBOT_MSG.invalidFlow);
    expect(incomplete.body.issues).toEqual([
      {
        level: 'error',
        message: 'Início (start): a saída "Próximo" não está ligada a nenhum nó.',
        nodeId: 'start',
      },
    ]);
    // A finish with a status of another kind (classification) or unknown is named.
    const g = simpleGraph();
    g.nodes[2] = {
      id: 'end',
      type: 'finish',
      position: pos,
      data: { status_id: ids.status('Em negociação') },
    };
    const wrongStatus = await http.post(CHATBOT_API.flows, {
      cookie: manager,
      body: { name: 'S', active: true, graph: g },
    });
    expect(wrongStatus.status).toBe(400);
    expect((wrongStatus.body.issues as { message: string }[])[0]?.message).toBe(
      `Finalizar (end): ${CHATBOT_MSG.statusNotFound}`,
    );
    // An HTTP node's URL refused by the outbound guard (a private address) is refused at save, for its node.
    const privateUrl = simpleGraph();
    privateUrl.nodes.push({ id: 'h', type: 'http', position: pos, data: { url: 'https://10.0.0.8/api' } });
    const refusedUrl = await http.post(CHATBOT_API.flows, {
      cookie: manager,
      body: { name: 'H', graph: privateUrl },
    });
    expect(refusedUrl.status).toBe(400);
    expect(refusedUrl.body.message).toBe(
      'Requisição HTTP (h): Endereço não permitido: informe uma URL https:// de um servidor público.',
    );
    expect((refusedUrl.body.issues as { nodeId: string }[])[0]?.nodeId).toBe('h');
    const link = await http.post(CHATBOT_API.flows, {
      cookie: manager,
      body: { name: 'L', linkedChannels: [{ channel_type: 'zz', channel_id: webChannelId }] },
    });
    expect(link.body.message).toBe(CHATBOT_MSG.channelTypeInvalid);
    expect(await ctx.db.select().from(chatbotFlows)).toEqual([]);
  });

  it('creates, lists (paged), reads and saves a flow; the save bumps the version', async () => {
    const draft = await http.post(CHATBOT_API.flows, { cookie: manager, body: { name: 'Rascunho' } });
    expect(draft.status).toBe(200);
    expect(draft.body.message).toBe(CHATBOT_MSG.created);
    const flow = draft.body.flow as { id: number; active: boolean; version: number; issues: unknown[] };
    expect(flow).toMatchObject({ active: false, version: 1 });
    // Saved inactive with its issues shown.
    expect(flow.issues).toHaveLength(1);

    const saved = await http.put(CHATBOT_API.flow(flow.id), {
      cookie: manager,
      body: { name: 'Boas-vindas', description: 'Saudação do site', active: true, graph: simpleGraph() },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(CHATBOT_MSG.saved);
    expect(saved.body.flow).toMatchObject({ name: 'Boas-vindas', active: true, version: 2, issues: [] });

    const one = await http.get(CHATBOT_API.flow(flow.id), { cookie: manager });
    expect(one.status).toBe(200);
    expect((one.body.graph as TFlowGraph).nodes.map((n) => n.id)).toEqual(['start', 'msg', 'end']);

    for (let i = 0; i < 21; i++)
      await http.post(CHATBOT_API.flows, { cookie: manager, body: { name: `Fluxo ${i}` } });
    const page1 = await http.get(`${CHATBOT_API.flows}?page=1`, { cookie: manager });
    const results = page1.body.results as { flows: { name: string }[]; totalPages: number };
    expect(results.totalPages).toBe(2);
    expect(results.flows).toHaveLength(20);
    const page2 = await http.get(`${CHATBOT_API.flows}?page=2`, { cookie: manager });
    expect((page2.body.results as { flows: unknown[] }).flows).toHaveLength(2);
    const bad = await http.get(`${CHATBOT_API.flows}?page=0`, { cookie: manager });
    expect(bad.status).toBe(400);
  });

  it('links a channel to one flow at most: linking it elsewhere moves it and says so', async () => {
    const a = await http.post(CHATBOT_API.flows, {
      cookie: manager,
      body: { name: 'Fluxo A', linkedChannels: [{ channel_type: 'web', channel_id: webChannelId }] },
    });
    const aId = (a.body.flow as { id: number }).id;
    expect((a.body.flow as { linkedChannels: unknown[] }).linkedChannels).toEqual([
      { channel_type: 'web', channel_id: webChannelId, name: 'Site da Empresa Demo' },
    ]);
    const b = await http.post(CHATBOT_API.flows, { cookie: manager, body: { name: 'Fluxo B' } });
    const bId = (b.body.flow as { id: number }).id;
    const moved = await http.put(CHATBOT_API.flowChannels(bId), {
      cookie: manager,
      body: { channel_type: 'web', channel_id: webChannelId },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.moved).toEqual([
      { channel_id: webChannelId, channel_type: 'web', from_flow_id: aId, from_flow_name: 'Fluxo A' },
    ]);
    expect(moved.body.message).toBe(
      `${CHATBOT_MSG.linked} ${CHATBOT_MSG.movedFrom('Site da Empresa Demo', 'Fluxo A')}`,
    );
    const aNow = await http.get(CHATBOT_API.flow(aId), { cookie: manager });
    expect(aNow.body.linkedChannels).toEqual([]);
    const options = await http.get(CHATBOT_API.options, { cookie: manager });
    expect(options.body.channels).toContainEqual({
      channel_type: 'web',
      channel_id: webChannelId,
      name: 'Site da Empresa Demo',
      flow_id: bId,
      flow_name: 'Fluxo B',
    });
    expect((options.body.statuses as { name: string }[]).map((s) => s.name).sort()).toEqual([
      'Resolvido',
      'Sem retorno do cliente',
      'Venda realizada',
    ]);
    // A type that is not the channel's, another company's channel, an unknown one.
    const mismatch = await http.put(CHATBOT_API.flowChannels(bId), {
      cookie: manager,
      body: { channel_type: 'tg', channel_id: webChannelId },
    });
    expect(mismatch.body.message).toBe(CHATBOT_MSG.channelTypeMismatch);
    const foreign = await http.put(CHATBOT_API.flowChannels(bId), {
      cookie: manager,
      body: { channel_type: 'tg', channel_id: otherChannelId },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(CHATBOT_MSG.channelNotFound);

    const unlinked = await http.delete(CHATBOT_API.flowChannel(bId, webChannelId), { cookie: manager });
    expect(unlinked.status).toBe(200);
    expect((unlinked.body.flow as { linkedChannels: unknown[] }).linkedChannels).toEqual([]);
    expect((await http.delete(CHATBOT_API.flowChannel(bId, webChannelId), { cookie: manager })).status).toBe(
      404,
    );
  });

  it("answers 404 for another company's flow, and deletes only the caller's", async () => {
    const mine = await http.post(CHATBOT_API.flows, { cookie: manager, body: { name: 'Meu' } });
    const id = (mine.body.flow as { id: number }).id;
    const other = await http.login(OTHER_ADMIN);
    await setAllow(
      ctx,
      (await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa')))[0]?.id ?? 0,
      {
        chatbots: true,
      },
    );
    expect((await http.get(CHATBOT_API.flow(id), { cookie: other })).status).toBe(404);
    expect((await http.put(CHATBOT_API.flow(id), { cookie: other, body: { name: 'Roubado' } })).status).toBe(
      404,
    );
    expect((await http.delete(CHATBOT_API.flow(id), { cookie: other })).status).toBe(404);
    expect(
      (
        await http.put(CHATBOT_API.flowChannels(id), {
          cookie: other,
          body: { channel_type: 'tg', channel_id: otherChannelId },
        })
      ).status,
    ).toBe(404);
    const list = await http.get(CHATBOT_API.flows, { cookie: other });
    expect((list.body.results as { flows: unknown[] }).flows).toEqual([]);

    const admin = await http.login(ADMIN);
    const removed = await http.delete(CHATBOT_API.flow(id), { cookie: admin });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(CHATBOT_MSG.removed);
    expect((await http.get(CHATBOT_API.flow(id), { cookie: admin })).status).toBe(404);
    const junk = await http.get('/api/chatbot/flows/abc', { cookie: admin });
    expect(junk.status).toBe(400);
    expect(junk.body.message).toBe(CHATBOT_MSG.notFound);
  });

  it('keeps a message node media uploaded for the flow; a forged one is refused', async () => {
    const form = multipart([
      { name: 'file', filename: 'banner.png', contentType: 'image/png', data: samplePng() },
    ]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: CHATBOT_API.media,
      headers: { ...form.headers, cookie: manager },
      payload: form.payload,
    });
    expect(up.statusCode).toBe(200);
    const file = (JSON.parse(up.body) as { file: Record<string, unknown> }).file;
    const g = simpleGraph('Veja nossa promoção');
    g.nodes[1] = { id: 'msg', type: 'message', position: pos, data: { text: '', media: file } };
    const created = await http.post(CHATBOT_API.flows, {
      cookie: manager,
      body: { name: 'Com mídia', graph: g },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const flow = created.body.flow as { id: number; graph: TFlowGraph };
    const media = flow.graph.nodes[1]?.data.media as Record<string, unknown>;
    expect(media.key).toBe(file.key);
    expect(typeof media.url).toBe('string');
    expect(media.sig).toBeUndefined();
    // Saved again as the editor sends it back (no signature, same file): kept.
    const again = await http.put(CHATBOT_API.flow(flow.id), {
      cookie: manager,
      body: { name: 'Com mídia', graph: flow.graph },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // Another file's key without our signature: refused.
    const forged = structuredClone(flow.graph);
    const node = forged.nodes[1];
    if (node) node.data = { media: { ...media, id: '00000000-0000-0000-0000-000000000000', sig: 'x' } };
    const refused = await http.put(CHATBOT_API.flow(flow.id), {
      cookie: manager,
      body: { name: 'M', graph: forged },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CHATBOT_MSG.mediaInvalid);
  });
});
