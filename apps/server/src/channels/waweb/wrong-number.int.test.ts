import { WAWEB_MSG } from '@prosa/shared/waweb';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppWebPeer, type WhatsAppWebPeer } from '../../../test/peers/whatsapp-web';
import { type KitSession, pair, runKitSession } from '../../../test/peers/whatsapp-web/session-kit';
import { channels, wawebAuth } from '../../db/schema/channels';
import { createInboxWriter } from '../inbound/accept';
import { type ChannelServer, startChannelServer } from './channel-server';

// A number with a phone in its form must be paired by that phone (spec 2 §8): another phone's session is logged
// out and forgotten, and the number waits for a QR again with "Canal desconectado! Certifique-se que o número
// informado é o mesmo do aparelho"; the same phone, with or without a Brazilian mobile's 9th digit, connects.

let ctx: TestContext;
const peers: WhatsAppWebPeer[] = [];
const kits: KitSession[] = [];
const servers: ChannelServer[] = [];

/** A number created through the API with `phone` in its form. */
async function numberWithPhone(phone: string) {
  const http = api(ctx);
  const manager = await http.login(MANAGER);
  const sectors = await http.get('/api/sectors', { cookie: manager });
  const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const created = await http.post('/api/channels/waweb', {
    cookie: manager,
    body: { name: `Loja ${phone}`, sector_id: sectorId, phone_number: phone },
  });
  const channelId = created.body.id as number;
  const [row] = await ctx.db.select().from(channels).where(eq(channels.id, channelId));
  if (!row) throw new Error(`número não criado: ${JSON.stringify(created.body)}`);
  return { companyId: row.companyId, channelId };
}

async function session(phoneOfPeer: string, phoneInForm: string) {
  const peer = await startWhatsAppWebPeer({ phoneNumber: phoneOfPeer });
  peers.push(peer);
  const kit = runKitSession(ctx, peer, await numberWithPhone(phoneInForm));
  kits.push(kit);
  return { peer, kit };
}

const credentials = (channelId: number) =>
  ctx.db
    .select()
    .from(wawebAuth)
    .where(and(eq(wawebAuth.channelId, channelId), eq(wawebAuth.kind, 'creds')));

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
});
afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const k of kits) await k.session.stop();
  for (const p of peers) await p.stop();
  await ctx?.close();
});

describe('the phone that pairs a number', () => {
  it('another phone: logged out, credentials forgotten, UNPAIRED with the wrong-number text', async () => {
    const { peer, kit } = await session('5511977770000', '5511966660000');
    const qr = await waitFor(async () => kit.session.qr);
    await peer.scan(qr);
    await waitFor(async () => (kit.states.at(-1)?.error === WAWEB_MSG.wrongNumber ? true : undefined));
    expect(kit.states.at(-1)).toMatchObject({ state: 'UNPAIRED', qr: null, error: WAWEB_MSG.wrongNumber });
    expect(kit.session.state).toBe('UNPAIRED');
    // Never counted as connected.
    expect(kit.states.map((s) => s.state)).not.toContain('CONNECTED');
    // The phone was told to remove the device, and our copy of its credentials is gone.
    expect(
      peer
        .stanzas()
        .some((n) => Array.isArray(n.content) && n.content.some((c) => c.tag === 'remove-companion-device')),
    ).toBe(true);
    expect(await credentials(kit.ref.channelId)).toHaveLength(0);

    // Started again from the panel: a new QR to scan, with the right phone this time.
    await kit.session.restart();
    await waitFor(async () => kit.session.qr);
  });

  it('the same phone, typed without the 9th digit of a Brazilian mobile: connected', async () => {
    const { peer, kit } = await session('5511955550000', '551155550000');
    await pair(peer, kit);
    expect(kit.states.some((s) => s.error === WAWEB_MSG.wrongNumber)).toBe(false);
    expect(await credentials(kit.ref.channelId)).toHaveLength(1);
  });

  it('on a channel server, the WhatsApp panel shows the number waiting for its QR with the wrong-number text', async () => {
    const peer = await startWhatsAppWebPeer({ phoneNumber: '5521977770000' });
    peers.push(peer);
    const { channelId } = await numberWithPhone('5521966660000');
    const http = api(ctx);
    const manager = await http.login(MANAGER);
    const panel = async () =>
      (await http.get(`/api/channels/waweb/${channelId}`, { cookie: manager })).body as {
        state: string;
        qr: string | null;
        online: boolean;
        running: boolean;
        last_error: string | null;
      };
    expect((await http.post(`/api/channels/waweb/${channelId}/start`, { cookie: manager })).status).toBe(200);
    const cs = startChannelServer({
      db: ctx.db,
      url: ctx.url,
      appSecret: ctx.deps.appSecret,
      writer: createInboxWriter(ctx.db),
      publicUrl: 'http://127.0.0.1:1',
      id: 'cs-wrong-number',
      tickMs: 200,
      leaseMs: 2000,
      waWebSocketUrl: peer.url,
    });
    servers.push(cs);
    await cs.ready;
    const qr = await waitFor(async () => {
      const n = await panel();
      return n.state === 'UNPAIRED' && n.qr ? n.qr : undefined;
    });
    await peer.scan(qr);
    const shown = await waitFor(async () => {
      const n = await panel();
      return n.last_error === WAWEB_MSG.wrongNumber ? n : undefined;
    });
    expect(shown).toMatchObject({ state: 'UNPAIRED', qr: null, online: false, running: true });
  });
});
