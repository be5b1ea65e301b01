import { WAWEB_MSG } from '@prosa/shared/waweb';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { claimSessions, pingServer, setSessionState } from '../../channels/waweb/leases';
import { channelServers, wawebSessions } from '../../db/schema/channels';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let sectorId: number;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  manager = await http.login(MANAGER);
  const sectors = await http.get('/api/sectors', { cookie: manager });
  sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
});
afterAll(async () => {
  await ctx.close();
});

const create = (body: Record<string, unknown>) => http.post('/api/channels/waweb', { cookie: manager, body });

describe('WhatsApp numbers by QR', () => {
  it('creates a number (name required, phone digits only) and lists it stopped', async () => {
    const noName = await create({ name: '  ', sector_id: sectorId });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe(WAWEB_MSG.nameRequired);
    const badPhone = await create({ name: 'Loja', sector_id: sectorId, phone_number: '123' });
    expect(badPhone.body.message).toBe(WAWEB_MSG.phoneInvalid);

    const r = await create({ name: 'Loja Centro', sector_id: sectorId, phone_number: '+55 (11) 99999-0000' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: 'Loja Centro',
      phone_number: '5511999990000',
      allow_groups: false,
      pacing: { min_interval_ms: 1500, jitter_ms: 1500, presence: true },
      state: 'not-running',
      running: false,
      online: false,
      qr: null,
    });
    const list = await http.get('/api/channels/waweb', { cookie: manager });
    expect((list.body as unknown as { id: number }[]).map((n) => n.id)).toContain(r.body.id);
  });

  it('starts and stops a number with the spec’s messages, and refuses to delete it while it runs', async () => {
    const { body } = await create({ name: 'Vendas', sector_id: sectorId });
    const id = body.id as number;
    const stopIdle = await http.post(`/api/channels/waweb/${id}/stop`, { cookie: manager });
    expect(stopIdle.body.message).toBe(WAWEB_MSG.notRunning);

    expect((await http.post(`/api/channels/waweb/${id}/start`, { cookie: manager })).status).toBe(200);
    const [session] = await ctx.db.select().from(wawebSessions).where(eq(wawebSessions.channelId, id));
    expect(session?.desired).toBe('running');
    const again = await http.post(`/api/channels/waweb/${id}/start`, { cookie: manager });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(WAWEB_MSG.alreadyRunning);
    const del = await http.delete(`/api/channels/waweb/${id}`, { cookie: manager });
    expect(del.status).toBe(400);
    expect(del.body.message).toBe(WAWEB_MSG.deleteRunning);

    // A channel server takes it and shows the QR: the screen gets it while pairing.
    const ref = { companyId: session?.companyId ?? 0, channelId: id };
    await pingServer(ctx.db, { id: 'srv-teste', url: 'http://127.0.0.1:1' });
    expect(await claimSessions(ctx.db, { serverId: 'srv-teste', max: 100 })).toContainEqual(ref);
    await setSessionState(ctx.db, 'srv-teste', ref, { state: 'UNPAIRED', qr: '2@abc,def,ghi,jkl' });
    const pairing = await http.get(`/api/channels/waweb/${id}`, { cookie: manager });
    expect(pairing.body).toMatchObject({
      state: 'UNPAIRED',
      running: true,
      online: false,
      qr: '2@abc,def,ghi,jkl',
    });

    // Its server goes silent: the number shows "server-disconnected", neither running nor online.
    await ctx.db
      .update(channelServers)
      .set({ lastPingAt: new Date(Date.now() - 60_000) })
      .where(eq(channelServers.id, 'srv-teste'));
    const silent = await http.get(`/api/channels/waweb/${id}`, { cookie: manager });
    expect(silent.body).toMatchObject({ state: 'server-disconnected', running: false, qr: null });

    expect((await http.post(`/api/channels/waweb/${id}/stop`, { cookie: manager })).status).toBe(200);
    const [stopped] = await ctx.db.select().from(wawebSessions).where(eq(wawebSessions.channelId, id));
    expect(stopped?.desired).toBe('stopped');
    // Still held by the (silent) server: not deletable until it let go.
    expect((await http.delete(`/api/channels/waweb/${id}`, { cookie: manager })).status).toBe(400);
    await ctx.db
      .update(wawebSessions)
      .set({ serverId: null, state: 'not-running' })
      .where(eq(wawebSessions.channelId, id));
    const removed = await http.delete(`/api/channels/waweb/${id}`, { cookie: manager });
    expect(removed.body.message).toBe(WAWEB_MSG.removed);
    expect((await http.get(`/api/channels/waweb/${id}`, { cookie: manager })).status).toBe(404);
  });

  it('edits a number; operators and other companies cannot see or touch it', async () => {
    const { body } = await create({ name: 'Suporte', sector_id: sectorId });
    const id = body.id as number;
    const edited = await http.put(`/api/channels/waweb/${id}`, {
      cookie: manager,
      body: {
        name: 'Suporte 2',
        sector_id: sectorId,
        allow_groups: true,
        pacing: { min_interval_ms: 3000, jitter_ms: 0, presence: false },
      },
    });
    expect(edited.body).toMatchObject({
      name: 'Suporte 2',
      allow_groups: true,
      pacing: { min_interval_ms: 3000 },
    });

    const operator = await http.login(OPERATOR);
    expect((await http.get('/api/channels/waweb', { cookie: operator })).status).toBe(403);
    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(`/api/channels/waweb/${id}`, { cookie: other })).status).toBe(404);
    expect((await http.post(`/api/channels/waweb/${id}/start`, { cookie: other })).status).toBe(404);
    expect((await http.delete(`/api/channels/waweb/${id}`, { cookie: other })).status).toBe(404);
    const list = await http.get('/api/channels/waweb', { cookie: other });
    expect((list.body as unknown as { id: number }[]).map((n) => n.id)).not.toContain(id);
  });
});
