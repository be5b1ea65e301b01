import type { AddressInfo } from 'node:net';
import { WAWEB_QR_SIZE } from '@prosa/shared/channel-monitor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientSocket, connectSocket } from '../../../test/helpers/socket-client';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppWebPeer, type WhatsAppWebPeer } from '../../../test/peers/whatsapp-web';
import { createInboxWriter } from '../../channels/inbound/accept';
import { type ChannelServer, startChannelServer } from '../../channels/waweb/channel-server';
import { PNG_SIGNATURE } from '../../channels/waweb/screenshot-png';
import { type Realtime, startRealtime } from '../../realtime/hub';

// The WhatsApp panel on a node that runs the session itself (`npm start`: one process): the QR reaches the
// manager's socket as qr-text, the screenshot is that QR, and refresh and logout act on the session directly.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let peer: WhatsAppWebPeer;
let numberId: number;
let server: ChannelServer;
let realtime: Realtime;
let socket: ClientSocket;

const number = async () =>
  (await http.get(`/api/channels/waweb/${numberId}`, { cookie: manager })).body as {
    state: string;
    state_since: string;
    qr: string | null;
    online: boolean;
  };

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  realtime = await startRealtime(ctx.app.server, ctx.deps);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  manager = await http.login(MANAGER);
  const t = await http.get('/api/users/get-socket-token', { cookie: manager });
  socket = await connectSocket(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`, {
    token: t.body.token,
    company_id: t.body.companyId,
  });
  peer = await startWhatsAppWebPeer();
  const sectors = await http.get('/api/sectors', { cookie: manager });
  const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const created = await http.post('/api/channels/waweb', {
    cookie: manager,
    body: { name: 'Loja Painel', sector_id: sectorId },
  });
  numberId = created.body.id as number;
  server = startChannelServer({
    db: ctx.db,
    url: ctx.url,
    appSecret: ctx.deps.appSecret,
    writer: createInboxWriter(ctx.db),
    // Nobody answers here: every call below is served by the session of this process.
    publicUrl: 'http://127.0.0.1:1',
    tickMs: 200,
    leaseMs: 2000,
    waWebSocketUrl: peer.url,
  });
  await server.ready;
});
afterAll(async () => {
  socket.close();
  await server.stop();
  await peer.stop();
  await realtime.close();
  await ctx.close();
});

describe('the WhatsApp panel where the session runs', () => {
  it('shows the QR by qr-text and as the screenshot; refresh reconnects; logout asks for a QR again', async () => {
    const qrs: (string | null)[] = [];
    socket.on('qr-text', (p) => {
      if (p.id === numberId) qrs.push(p.qr);
    });
    expect((await http.post(`/api/channels/waweb/${numberId}/start`, { cookie: manager })).status).toBe(200);
    const qr = await waitFor(async () => {
      const n = await number();
      return n.state === 'UNPAIRED' && n.qr ? n.qr : undefined;
    });
    await waitFor(async () => qrs.includes(qr));

    const shot = await ctx.app.inject({
      method: 'GET',
      url: `/api/channels/waweb/${numberId}/screenshot`,
      headers: { cookie: manager },
    });
    expect(shot.statusCode).toBe(200);
    expect(shot.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(shot.rawPayload.readUInt32BE(16)).toBe(WAWEB_QR_SIZE);

    await peer.scan(qr);
    await waitFor(async () => ((await number()).online ? true : undefined));
    expect(qrs.at(-1)).toBeNull();

    const before = await number();
    expect((await http.post(`/api/channels/waweb/${numberId}/refresh`, { cookie: manager })).status).toBe(
      200,
    );
    await waitFor(async () => {
      const n = await number();
      return n.online && n.state_since !== before.state_since ? true : undefined;
    });

    expect((await http.post(`/api/channels/waweb/${numberId}/logout`, { cookie: manager })).status).toBe(200);
    await waitFor(async () => ((await number()).state === 'UNPAIRED' ? true : undefined));
  });
});
