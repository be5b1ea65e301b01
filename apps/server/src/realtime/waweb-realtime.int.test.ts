import type { AddressInfo } from 'node:net';
import { MONITOR_PING_EVENT, type TChannelUpdate } from '@prosa/shared/channel-monitor';
import { ROLE } from '@prosa/shared/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientSocket, connectSocket, flushSocket, nextEvent } from '../../test/helpers/socket-client';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../test/helpers/test-app';
import { waitFor } from '../../test/helpers/wait-for';
import {
  claimSessions,
  pingServer,
  releaseSession,
  setSessionState,
  wantSession,
} from '../channels/waweb/leases';
import { channelServers } from '../db/schema/channels';
import { users } from '../db/schema/users';
import { type Realtime, startRealtime } from './hub';

// The WhatsApp panel's and the Monitor's realtime (spec 2 §4, §7): a session's state written by its holder
// reaches the company's managers (channel-update, qr-text) and nobody else; the Monitor's join answers
// `initialize`, and its node tells it of pings, new servers and silent servers.

let ctx: TestContext;
let realtime: Realtime;
let baseUrl: string;
let http: ReturnType<typeof api>;
let companyId: number;
let numberId: number;
const sockets: ClientSocket[] = [];

async function socketOf(email: string) {
  const cookie = await http.login(email);
  const t = await http.get('/api/users/get-socket-token', { cookie });
  const socket = await connectSocket(baseUrl, { token: t.body.token, company_id: t.body.companyId });
  sockets.push(socket);
  return { socket, cookie };
}

/** Collects every event of a name a socket receives. */
function record<T>(socket: ClientSocket, name: string): T[] {
  const got: T[] = [];
  (socket as unknown as { on: (n: string, h: (p: T) => void) => void }).on(name, (p) => got.push(p));
  return got;
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  realtime = await startRealtime(ctx.app.server, ctx.deps);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const manager = await http.login(MANAGER);
  const sectors = await http.get('/api/sectors', { cookie: manager });
  const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const created = await http.post('/api/channels/waweb', {
    cookie: manager,
    body: { name: 'Loja Realtime', sector_id: sectorId, phone_number: '5511988887777' },
  });
  numberId = created.body.id as number;
  const me = await http.get('/api/users/get-socket-token', { cookie: manager });
  companyId = me.body.companyId as number;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await realtime.close();
  await ctx.close();
});

describe('a WhatsApp number’s state in realtime', () => {
  it('reaches the company’s managers as channel-update and qr-text, not its operators nor another company', async () => {
    const manager = await socketOf(MANAGER);
    const operator = await socketOf(OPERATOR);
    const other = await socketOf(OTHER_ADMIN);
    const leaked = [
      ...record(operator.socket, 'channel-update'),
      ...record(other.socket, 'channel-update'),
      ...record(other.socket, 'qr-text'),
    ];
    const updates = record<TChannelUpdate>(manager.socket, 'channel-update');
    const qrs = record<{ id: number; qr: string | null }>(manager.socket, 'qr-text');

    const ref = { companyId, channelId: numberId };
    await wantSession(ctx.db, ref, 'running');
    await pingServer(ctx.db, { id: 'srv-rt-1', url: 'http://127.0.0.1:1' });
    expect(await claimSessions(ctx.db, { serverId: 'srv-rt-1', max: 10 })).toContainEqual(ref);
    await setSessionState(ctx.db, 'srv-rt-1', ref, { state: 'UNPAIRED', qr: '2@ref1,noise,ident,adv' });

    await waitFor(async () => qrs.some((q) => q.qr === '2@ref1,noise,ident,adv'));
    expect(qrs).toContainEqual({ id: numberId, qr: '2@ref1,noise,ident,adv' });
    // Each event carries the number as it is when sent: the last one, as it is now.
    expect(updates.at(-1)).toMatchObject({
      id: numberId,
      state: 'UNPAIRED',
      display_name: 'Loja Realtime',
      phone_number: '5511988887777',
      server_id: 'srv-rt-1',
      running: true,
      online: false,
    });

    await setSessionState(ctx.db, 'srv-rt-1', ref, { state: 'CONNECTED', qr: null });
    await waitFor(async () => updates.some((u) => u.state === 'CONNECTED' && u.online));
    expect(qrs.at(-1)).toEqual({ id: numberId, qr: null });

    for (const s of [operator.socket, other.socket]) await flushSocket(s);
    expect(leaked).toEqual([]);
  });
});

describe('the channel Monitor', () => {
  it('GET /api/monitor/get-data: the company’s numbers and the servers holding them; managers only', async () => {
    const manager = await http.login(MANAGER);
    const data = await http.get('/api/monitor/get-data', { cookie: manager });
    expect(data.status).toBe(200);
    const channels = data.body.channels as { id: number; uuid: string; state: string; server_id: string }[];
    expect(channels.find((c) => c.id === numberId)).toMatchObject({
      state: 'CONNECTED',
      server_id: 'srv-rt-1',
      display_name: 'Loja Realtime',
      phone_number: '5511988887777',
    });
    expect(channels.find((c) => c.id === numberId)?.uuid).toMatch(/^waweb-/);
    expect(data.body.servers).toEqual([
      expect.objectContaining({
        id: 'srv-rt-1',
        channels: 1,
        connected: true,
        webhook: 'http://127.0.0.1:1',
      }),
    ]);

    const other = await http.get('/api/monitor/get-data', { cookie: await http.login(OTHER_ADMIN) });
    expect(other.body).toMatchObject({ channels: [], servers: [] });
    const operator = await http.get('/api/monitor/get-data', { cookie: await http.login(OPERATOR) });
    expect(operator.status).toBe(403);
  });

  it('join answers initialize; the node tells of pings, new servers and a server silent for 30 s', async () => {
    const manager = await socketOf(MANAGER);
    const operator = await socketOf(OPERATOR);
    const other = await socketOf(OTHER_ADMIN);
    const operatorGot = record(operator.socket, 'initialize');
    const otherPings = [...record(other.socket, MONITOR_PING_EVENT), ...record(other.socket, 'new-server')];
    operator.socket.emit('monitor:join');
    other.socket.emit('monitor:join');

    const init = nextEvent(manager.socket, 'initialize');
    manager.socket.emit('monitor:join');
    const data = await init;
    expect(data.channels.map((c) => c.id)).toContain(numberId);
    expect(data.servers.map((s) => s.id)).toEqual(['srv-rt-1']);

    // The holder pings: the Monitor hears of it.
    const ping = nextEvent(manager.socket, MONITOR_PING_EVENT);
    await pingServer(ctx.db, { id: 'srv-rt-1', url: 'http://127.0.0.1:1' });
    expect((await ping).server_id).toBe('srv-rt-1');

    // A new server takes one of the company's numbers.
    const ref = { companyId, channelId: numberId };
    const fresh = nextEvent(manager.socket, 'new-server');
    await releaseSession(ctx.db, 'srv-rt-1', ref, 'UNLAUNCHED');
    expect(await claimSessions(ctx.db, { serverId: 'srv-rt-2', max: 10 })).toContainEqual(ref);
    await pingServer(ctx.db, { id: 'srv-rt-2', url: 'http://127.0.0.1:2' });
    expect(await fresh).toMatchObject({
      id: 'srv-rt-2',
      channels: 1,
      connected: true,
      webhook: 'http://127.0.0.1:2',
    });

    // It goes silent: flagged once, and the number shows "server-disconnected" (to its managers too).
    const silent = nextEvent(manager.socket, 'server-disconnected');
    const updates = record<TChannelUpdate>(manager.socket, 'channel-update');
    const operatorUpdates = record(operator.socket, 'channel-update');
    await ctx.db
      .update(channelServers)
      .set({ lastPingAt: new Date(Date.now() - 60_000) })
      .where(eq(channelServers.id, 'srv-rt-2'));
    expect((await silent).server_id).toBe('srv-rt-2');
    const shown = await waitFor(async () => updates.find((u) => u.id === numberId));
    expect(shown).toMatchObject({ state: 'server-disconnected', running: false, online: false });
    const after = await http.get('/api/monitor/get-data', { cookie: manager.cookie });
    const row = (after.body.channels as { id: number; state: string }[]).find((c) => c.id === numberId);
    expect(row?.state).toBe('server-disconnected');
    expect(
      (after.body.servers as { id: string; connected: boolean }[]).find((s) => s.id === 'srv-rt-2'),
    ).toMatchObject({
      connected: false,
      notified: true,
    });

    for (const s of [operator.socket, other.socket]) await flushSocket(s);
    expect(operatorGot).toEqual([]);
    expect(operatorUpdates).toEqual([]);
    expect(otherPings).toEqual([]);
  });

  it('the platform owner’s Monitor has every company’s numbers', async () => {
    await ctx.db.update(users).set({ role: ROLE.lord }).where(eq(users.email, OPERATOR2));
    const owner = await socketOf(OPERATOR2);
    const init = nextEvent(owner.socket, 'initialize');
    owner.socket.emit('monitor:join');
    const data = await init;
    expect(data.channels.map((c) => c.id)).toContain(numberId);
    expect(data.servers.map((s) => s.id).sort()).toEqual(['srv-rt-1', 'srv-rt-2']);
  });
});
