import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WAWEB_QR_SIZE } from '@prosa/shared/channel-monitor';
import { OUTBOUND_MSG } from '@prosa/shared/outbound';
import { type TWawebWebhookNotice, WAWEB_CONTROL_MSG, WAWEB_MSG } from '@prosa/shared/waweb';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer } from '../../../test/helpers/spawn-server';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppWebPeer, type WhatsAppWebPeer } from '../../../test/peers/whatsapp-web';
import { channels, wawebAuth, wawebSessions } from '../../db/schema/channels';
import { createInboxWriter } from '../inbound/accept';
import { channelCtx } from '../port';
import { wawebAdapter } from './adapter';
import { type ChannelServer, localWawebSession, startChannelServer } from './channel-server';
import { buildControlApp } from './control-app';
import { controlToken } from './control-token';
import { createControlWebhooks } from './control-webhooks';
import { PNG_SIGNATURE } from './screenshot-png';

// The channel servers' control plane (spec 2 §7) between processes: a channel server in its own process
// (ROLE=channels, answering control calls on its port) holds the session; this process — the API, with no session
// of its own — reaches it over HTTP for the WhatsApp panel's screenshot, refresh and logout, and sends a message
// through it. Then a second channel server takes the number by the v2 call and reports its states to a webhook.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let peer: WhatsAppWebPeer;
let numberId: number;
let holder: Awaited<ReturnType<typeof spawnServer>>;
/** Where the holder answers its control calls (its PORT; the helper's url names a port it chose first). */
let holderUrl: string;
let second: ChannelServer | null = null;
let secondApp: FastifyInstance | null = null;
let hookServer: Server | null = null;

const number = async () =>
  (await http.get(`/api/channels/waweb/${numberId}`, { cookie: manager })).body as {
    state: string;
    state_since: string;
    qr: string | null;
    online: boolean;
  };

const control = (
  url: string,
  path: string,
  body: unknown,
  token: string | null = controlToken(ctx.deps.appSecret),
) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

const screenshot = () =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/channels/waweb/${numberId}/screenshot`,
    headers: { cookie: manager },
  });

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  manager = await http.login(MANAGER);
  peer = await startWhatsAppWebPeer();
  const sectors = await http.get('/api/sectors', { cookie: manager });
  const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const created = await http.post('/api/channels/waweb', {
    cookie: manager,
    body: { name: 'Loja Controle', sector_id: sectorId },
  });
  numberId = created.body.id as number;
  const port = await freePort();
  holderUrl = `http://127.0.0.1:${port}`;
  holder = await spawnServer({
    DATABASE_URL: ctx.url,
    APP_SECRET: ctx.deps.appSecret,
    ROLE: 'channels',
    SEED_DEMO: 'false',
    PORT: String(port),
    CHANNEL_SERVER_URL: holderUrl,
    // The same storage as this process (disk under DATA_DIR): the holder reads the files of what it sends.
    DATA_DIR: ctx.deps.config.DATA_DIR,
    WAWEB_URL: peer.url,
    WAWEB_MEDIA_URL: peer.mediaUrl,
  });
}, 90_000);
afterAll(async () => {
  await second?.stop();
  await secondApp?.close();
  hookServer?.close();
  await holder?.stop();
  await peer.stop();
  await ctx.close();
});

describe('control calls between nodes', () => {
  it('are refused without the control token; bad bodies and unknown channels get Portuguese answers', async () => {
    // A channels-only process answers its health and its control calls on its own port.
    expect((await fetch(`${holderUrl}/api/health`)).status).toBe(200);
    const none = await control(holderUrl, '/api/screenshot', { id: numberId }, null);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { message: string }).message).toBe(WAWEB_CONTROL_MSG.unauthorized);
    const forged = await control(
      holderUrl,
      '/api/start',
      { id: numberId },
      controlToken('outro-segredo-outro-segredo-000000'),
    );
    expect(forged.status).toBe(401);
    expect((await control(holderUrl, '/api/send', { id: numberId }, 'x')).status).toBe(401);
    // Refused calls changed nothing.
    const [session] = await ctx.db.select().from(wawebSessions).where(eq(wawebSessions.channelId, numberId));
    expect(session?.desired).toBe('stopped');

    const bad = await control(holderUrl, '/api/stop', { id: 'abc' });
    expect(bad.status).toBe(400);
    const unknown = await control(holderUrl, '/api/stop', { id: 999_999 });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe(WAWEB_MSG.notFound);
    const idle = await control(holderUrl, '/api/refresh', { id: numberId });
    expect(idle.status).toBe(400);
    expect(((await idle.json()) as { message: string }).message).toBe(WAWEB_MSG.notRunning);
  });

  it('the panel’s calls: "Canal não está rodando" while nobody runs it; operators 403, another company 404', async () => {
    const idle = await http.post(`/api/channels/waweb/${numberId}/refresh`, { cookie: manager });
    expect(idle.status).toBe(400);
    expect(idle.body.message).toBe(WAWEB_MSG.notRunning);
    expect((await screenshot()).statusCode).toBe(400);
    const operator = await http.login(OPERATOR);
    expect((await http.post(`/api/channels/waweb/${numberId}/logout`, { cookie: operator })).status).toBe(
      403,
    );
    const other = await http.login(OTHER_ADMIN);
    expect((await http.post(`/api/channels/waweb/${numberId}/refresh`, { cookie: other })).status).toBe(404);
    expect((await http.get(`/api/channels/waweb/${numberId}/screenshot`, { cookie: other })).status).toBe(
      404,
    );
  });

  it('the screenshot is the holder’s QR, then its state; messages sent from here (a text, a file) reach the phone once', async () => {
    expect((await http.post(`/api/channels/waweb/${numberId}/start`, { cookie: manager })).status).toBe(200);
    const qr = await waitFor(async () => {
      const n = await number();
      return n.state === 'UNPAIRED' && n.qr ? n.qr : undefined;
    });
    const qrShot = await screenshot();
    expect(qrShot.statusCode).toBe(200);
    expect(qrShot.headers['content-type']).toBe('image/png');
    expect(qrShot.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect([qrShot.rawPayload.readUInt32BE(16), qrShot.rawPayload.readUInt32BE(20)]).toEqual([
      WAWEB_QR_SIZE,
      WAWEB_QR_SIZE,
    ]);

    await peer.scan(qr);
    await waitFor(async () => ((await number()).online ? true : undefined));
    const connectedShot = await screenshot();
    expect(connectedShot.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(connectedShot.rawPayload.equals(qrShot.rawPayload)).toBe(false);

    // This process runs no session: the message goes to the holder over its control API.
    expect(localWawebSession(numberId)).toBeUndefined();
    const ch = await ctx.deps.channelRepository.findById(numberId);
    if (!ch) throw new Error('canal não encontrado');
    const sent = await wawebAdapter.send(channelCtx(ctx.deps), ch as never, {
      messageId: 1,
      to: { externalId: '5511977776666', data: {} },
      text: 'Enviado pelo dono da sessão',
      media: [],
    });
    expect(sent.state).toBe('sent');
    await waitFor(async () => peer.received().some((r) => r.text === 'Enviado pelo dono da sessão'));
    expect(peer.received().filter((r) => r.text === 'Enviado pelo dono da sessão')).toHaveLength(1);

    // With a file: the holder reads it from the shared storage and sends it before the text.
    const pdf = Buffer.from('%PDF-1.4 orçamento da Loja Controle');
    const key = `att/${ch.companyId}/controle/orcamento.pdf`;
    await ctx.deps.storage.put(key, pdf, 'application/pdf');
    const withFile = await wawebAdapter.send(channelCtx(ctx.deps), ch as never, {
      messageId: 2,
      to: { externalId: '5511977776666', data: {} },
      text: 'Segue o orçamento',
      media: [
        {
          id: randomUUID(),
          type: 'document',
          mimeType: 'application/pdf',
          originalName: 'orcamento.pdf',
          key,
          size: pdf.length,
        },
      ],
    });
    expect(withFile.state).toBe('sent');
    const file = await waitFor(async () => peer.received().find((r) => r.file?.fileName === 'orcamento.pdf'));
    expect(file.file?.data.equals(pdf)).toBe(true);
    await waitFor(async () => peer.received().some((r) => r.text === 'Segue o orçamento'));
  });

  it('refresh reconnects the session on its holder, paired still', async () => {
    const before = await number();
    const r = await http.post(`/api/channels/waweb/${numberId}/refresh`, { cookie: manager });
    expect(r.status).toBe(200);
    await waitFor(async () => {
      const n = await number();
      return n.online && n.state_since !== before.state_since ? true : undefined;
    });
    expect((await number()).qr).toBeNull();
  });

  it('logout unpairs the number: its credentials are gone and it asks for a QR', async () => {
    const r = await http.post(`/api/channels/waweb/${numberId}/logout`, { cookie: manager });
    expect(r.status).toBe(200);
    await waitFor(async () => ((await number()).state === 'UNPAIRED' ? true : undefined));
    expect(await ctx.db.select().from(wawebAuth).where(eq(wawebAuth.channelId, numberId))).toEqual([]);
  });

  it('stop on the holder lets it go; v2 start by uuid on another server reports its states to the webhook', async () => {
    const stopped = await control(holderUrl, '/api/stop', { id: numberId });
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ id: numberId, state: 'not-running' });
    await holder.stop();

    const notices: TWawebWebhookNotice[] = [];
    hookServer = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        notices.push(JSON.parse(body) as TWawebWebhookNotice);
        res.end('ok');
      });
    });
    await new Promise<void>((done) => hookServer?.listen(0, '127.0.0.1', done));
    const webhook = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/estados`;

    const webhooks = createControlWebhooks(ctx.deps.outbound);
    second = startChannelServer({
      db: ctx.db,
      url: ctx.url,
      appSecret: ctx.deps.appSecret,
      writer: createInboxWriter(ctx.db),
      publicUrl: 'http://127.0.0.1:1',
      id: 'cs-controle-b',
      tickMs: 200,
      leaseMs: 2000,
      waWebSocketUrl: peer.url,
      onState: webhooks.notify,
    });
    await second.ready;
    secondApp = await buildControlApp(ctx.deps, { server: second, webhooks });
    await secondApp.listen({ port: 0, host: '127.0.0.1' });
    const secondUrl = `http://127.0.0.1:${(secondApp.server.address() as AddressInfo).port}`;

    const [row] = await ctx.db
      .select({ uuid: channels.routeKey })
      .from(channels)
      .where(eq(channels.id, numberId));
    const uuid = row?.uuid ?? '';
    const badHook = await control(secondUrl, '/api/v2/channel/start', { uuid, webhook: 'nao-e-url' });
    expect(badHook.status).toBe(400);
    // A private address is refused by the outbound-URL guard before anything starts.
    const privateHook = await control(secondUrl, '/api/v2/channel/start', {
      uuid,
      webhook: 'https://10.1.2.3/x',
    });
    expect(privateHook.status).toBe(400);
    expect(((await privateHook.json()) as { message: string }).message).toBe(OUTBOUND_MSG.urlNotAllowed);
    expect(second.sessions().has(numberId)).toBe(false);
    expect((await control(secondUrl, '/api/v2/channel/start', { uuid: 'waweb-nao-existe' })).status).toBe(
      404,
    );

    const started = await control(secondUrl, '/api/v2/channel/start', { uuid, webhook });
    expect(started.status).toBe(200);
    const shown = await waitFor(async () => notices.find((n) => n.state === 'UNPAIRED' && n.qr));
    expect(shown.uuid).toBe(uuid);
    expect(second.sessions().has(numberId)).toBe(true);
    const again = await control(secondUrl, '/api/v2/channel/start', { uuid, webhook });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe(WAWEB_MSG.alreadyRunning);

    const stop = await control(secondUrl, '/api/v2/channel/stop', { uuid });
    expect(stop.status).toBe(200);
    await waitFor(async () => notices.some((n) => n.state === 'not-running'));
    expect(second.sessions().has(numberId)).toBe(false);

    // The calls by id do the same.
    const byId = await control(secondUrl, '/api/start', { id: numberId });
    expect(byId.status).toBe(200);
    expect(second.sessions().has(numberId)).toBe(true);
    expect((await control(secondUrl, '/api/stop', { id: numberId })).status).toBe(200);
    expect(second.sessions().has(numberId)).toBe(false);
  });
});
