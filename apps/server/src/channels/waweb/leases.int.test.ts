import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/test-database';
import { channelServers, channels, wawebSessions } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { headCursor, readFactsAfter } from '../../facts/read-facts';
import { connectDatabase } from '../../platform/db';
import { seedDemoData } from '../../seed/demo-data';
import {
  claimSessions,
  pingServer,
  releaseSession,
  renewSessions,
  type SessionRef,
  setSessionState,
  wantSession,
} from './leases';

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let database: ReturnType<typeof connectDatabase>;
let companyId: number;
let otherCompanyId: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = connectDatabase(testDb.url, 4);
  await seedDemoData(database.db);
  const rows = await database.db.select().from(companies);
  companyId = rows.find((c) => c.name === 'Empresa Demo')?.id ?? 0;
  otherCompanyId = rows.find((c) => c.id !== companyId)?.id ?? 0;
});
afterAll(async () => {
  await database?.pool.end();
  await testDb?.drop();
});

async function number(): Promise<SessionRef> {
  const [row] = await database.db
    .insert(channels)
    .values({ companyId, kind: 'waweb', name: 'Loja', defaultSectorId: 1, routeKey: `qr-${Math.random()}` })
    .returning({ id: channels.id });
  if (!row) throw new Error('canal não criado');
  return { companyId, channelId: row.id };
}

const session = async (ref: SessionRef) =>
  (await database.db.select().from(wawebSessions).where(eq(wawebSessions.channelId, ref.channelId)))[0];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const db = () => database.db;

describe('WhatsApp Web sessions held by channel servers', () => {
  it('registers a server and its pings', async () => {
    await pingServer(db(), { id: 'srv-ping', url: 'http://10.0.0.1:3000' });
    const [first] = await db().select().from(channelServers).where(eq(channelServers.id, 'srv-ping'));
    await sleep(20);
    await pingServer(db(), { id: 'srv-ping', url: 'http://10.0.0.2:3000' });
    const [again] = await db().select().from(channelServers).where(eq(channelServers.id, 'srv-ping'));
    expect(again?.url).toBe('http://10.0.0.2:3000');
    expect(again?.lastPingAt.getTime()).toBeGreaterThan(first?.lastPingAt.getTime() ?? 0);
  });

  it('gives a wanted session to one server only; a dead server’s session goes to another, which alone may speak for it', async () => {
    const ref = await number();
    await wantSession(db(), ref, 'running');
    const [a, b] = await Promise.all([
      claimSessions(db(), { serverId: 'A', max: 10, leaseMs: 400 }),
      claimSessions(db(), { serverId: 'B', max: 10, leaseMs: 400 }),
    ]);
    const holders = [a, b].filter((list) => list.some((s) => s.channelId === ref.channelId));
    expect(holders).toHaveLength(1);
    const holder = a.some((s) => s.channelId === ref.channelId) ? 'A' : 'B';
    const other = holder === 'A' ? 'B' : 'A';
    expect((await session(ref))?.state).toBe('UNLAUNCHED');
    expect(await setSessionState(db(), holder, ref, { state: 'CONNECTED' })).toBe(true);
    expect(await setSessionState(db(), other, ref, { state: 'UNPAIRED' })).toBe(false);

    // The holder renews: the other server finds nothing to take.
    expect((await renewSessions(db(), { serverId: holder, leaseMs: 400 })).map((s) => s.channelId)).toContain(
      ref.channelId,
    );
    expect(await claimSessions(db(), { serverId: other, max: 10, leaseMs: 400 })).toEqual([]);

    // The holder goes silent: once its lease runs out the other takes the session over and starts it again.
    await sleep(500);
    const taken = await claimSessions(db(), { serverId: other, max: 10, leaseMs: 400 });
    expect(taken).toEqual([ref]);
    expect(await session(ref)).toMatchObject({ serverId: other, state: 'UNLAUNCHED' });
    // The old holder, back, learns it lost the session and can no longer write for it.
    expect((await renewSessions(db(), { serverId: holder })).map((s) => s.channelId)).not.toContain(
      ref.channelId,
    );
    expect(await setSessionState(db(), holder, ref, { state: 'CONNECTED' })).toBe(false);
    expect(await releaseSession(db(), holder, ref, 'not-running')).toBe(false);
    expect((await session(ref))?.serverId).toBe(other);
  });

  it('tells the holder a session is no longer wanted; released, nobody claims it', async () => {
    const ref = await number();
    await wantSession(db(), ref, 'running');
    expect(await claimSessions(db(), { serverId: 'C', max: 10 })).toContainEqual(ref);
    await setSessionState(db(), 'C', ref, { state: 'UNPAIRED', qr: '2@ref,noise,identity,adv' });
    expect(await session(ref)).toMatchObject({ state: 'UNPAIRED', qr: '2@ref,noise,identity,adv' });

    await wantSession(db(), ref, 'stopped');
    const renewed = await renewSessions(db(), { serverId: 'C' });
    expect(renewed.find((s) => s.channelId === ref.channelId)?.desired).toBe('stopped');
    expect(await releaseSession(db(), 'C', ref, 'not-running')).toBe(true);
    expect(await session(ref)).toMatchObject({ serverId: null, state: 'not-running', qr: null });
    expect(await claimSessions(db(), { serverId: 'D', max: 10 })).not.toContainEqual(ref);
  });

  it('claims no more than a server has room for', async () => {
    const refs = [await number(), await number(), await number()];
    for (const r of refs) await wantSession(db(), r, 'running');
    const first = await claimSessions(db(), { serverId: 'E', max: 2 });
    expect(first).toHaveLength(2);
    const second = await claimSessions(db(), { serverId: 'F', max: 5 });
    expect([...first, ...second].map((s) => s.channelId).sort()).toEqual(refs.map((r) => r.channelId).sort());
  });

  it("does not let another company's request change a session", async () => {
    const ref = await number();
    await wantSession(db(), ref, 'stopped');
    await wantSession(db(), { companyId: otherCompanyId, channelId: ref.channelId }, 'running');
    expect((await session(ref))?.desired).toBe('stopped');
  });

  it('every state a holder records writes waweb.channel_updated with it; a write refused writes none', async () => {
    const ref = await number();
    await wantSession(db(), ref, 'running');
    await pingServer(db(), { id: 'srv-fatos', url: 'http://10.0.0.9:3000' });
    const start = await headCursor(db());
    const updatedOf = async () =>
      (await readFactsAfter(db(), start)).facts.filter(
        (f) => f.name === 'waweb.channel_updated' && f.data.channel_id === ref.channelId,
      );
    const claimed = await claimSessions(db(), { serverId: 'srv-fatos', max: 100 });
    expect(claimed).toContainEqual(ref);
    expect(await setSessionState(db(), 'srv-fatos', ref, { state: 'UNPAIRED', qr: '2@a,b,c,d' })).toBe(true);
    // Another server's write is refused: no fact.
    expect(await setSessionState(db(), 'srv-outro', ref, { state: 'CONNECTED' })).toBe(false);
    expect(await releaseSession(db(), 'srv-fatos', ref, 'not-running')).toBe(true);
    const facts = await updatedOf();
    expect(facts.map((f) => f.companyId)).toEqual([companyId, companyId, companyId]);
  });
});
