import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../../../test/helpers/spawn-server';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppWebPeer, type WhatsAppWebPeer } from '../../../test/peers/whatsapp-web';
import { messages } from '../../db/schema/attendance';
import { wawebSessions } from '../../db/schema/channels';
import { createInboxWriter } from '../inbound/accept';
import { type ChannelServer, startChannelServer } from './channel-server';

// A channel server process (ROLE=channels, as production runs it) killed with SIGKILL in the middle of a
// session: its lease runs out, another server takes the session with the same credentials (no new QR), and what
// the customer sent meanwhile arrives once.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let peer: WhatsAppWebPeer;
let numberId: number;
let other: ChannelServer | null = null;
let proc: Awaited<ReturnType<typeof spawnServer>> | null = null;

const number = async () =>
  (await http.get(`/api/channels/waweb/${numberId}`, { cookie: manager })).body as {
    state: string;
    qr: string | null;
    online: boolean;
  };

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: true });
  http = api(ctx);
  manager = await http.login(MANAGER);
  peer = await startWhatsAppWebPeer();
  const sectors = await http.get('/api/sectors', { cookie: manager });
  const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const created = await http.post('/api/channels/waweb', {
    cookie: manager,
    body: { name: 'Loja', sector_id: sectorId },
  });
  numberId = created.body.id as number;
}, 60_000);
afterAll(async () => {
  await other?.stop();
  await proc?.stop();
  await peer.stop();
  await ctx.close();
});

describe('a channel server killed mid-session', () => {
  it('loses nothing: another server resumes the session without a QR and gets what was sent meanwhile', async () => {
    proc = await spawnServer({
      DATABASE_URL: ctx.url,
      APP_SECRET: ctx.deps.appSecret,
      ROLE: 'channels',
      SEED_DEMO: 'false',
      DATA_DIR: `/tmp/prosa-channels-kill-${process.pid}`,
      WAWEB_URL: peer.url,
    });
    await http.post(`/api/channels/waweb/${numberId}/start`, { cookie: manager });
    const qr = await waitFor(async () => {
      const n = await number();
      return n.state === 'UNPAIRED' && n.qr ? n.qr : undefined;
    });
    await peer.scan(qr);
    await waitFor(async () => ((await number()).online ? true : undefined));
    await peer.sendText({ from: '5511966665555', text: 'antes da queda' });
    await waitFor(
      async () =>
        (await ctx.db.select().from(messages).where(eq(messages.text, 'antes da queda'))).length === 1,
    );

    // SIGKILL: no shutdown hook runs, the lease stays as it was.
    const gone = new Promise<void>((done) => proc?.proc.once('exit', () => done()));
    proc.proc.kill('SIGKILL');
    await gone;
    await peer.sendText({ from: '5511966665555', text: 'durante a queda' });

    other = startChannelServer({
      db: ctx.db,
      url: ctx.url,
      appSecret: ctx.deps.appSecret,
      writer: createInboxWriter(ctx.db),
      publicUrl: 'http://127.0.0.1:1',
      id: 'cs-sobrevivente',
      tickMs: 200,
      waWebSocketUrl: peer.url,
    });
    await other.ready;
    // Still held by the dead server until its lease runs out (20 s): the survivor waits for it.
    expect(other.sessions().has(numberId)).toBe(false);
    // The lease's time passes.
    await ctx.db
      .update(wawebSessions)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(wawebSessions.channelId, numberId));
    await waitFor(async () =>
      other?.sessions().has(numberId) && (await number()).online ? true : undefined,
    );
    expect((await number()).qr).toBeNull();
    await waitFor(
      async () =>
        (await ctx.db.select().from(messages).where(eq(messages.text, 'durante a queda'))).length === 1,
    );
    const before = await ctx.db.select().from(messages).where(eq(messages.text, 'antes da queda'));
    expect(before).toHaveLength(1);
  }, 90_000);
});
