import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppWebPeer, type WhatsAppWebPeer } from '../../../test/peers/whatsapp-web';
import { attendances, messages } from '../../db/schema/attendance';
import { wawebAuth } from '../../db/schema/channels';
import { createInboxWriter } from '../inbound/accept';
import { channelCtx } from '../port';
import { wawebAdapter } from './adapter';
import { type ChannelServer, startChannelServer } from './channel-server';

// A WhatsApp number by QR end to end below the browser: the real Baileys client in a channel server against the
// fake WhatsApp Web peer, the API a manager uses, and the inbox turning what arrives into a conversation.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let peer: WhatsAppWebPeer;
let numberId: number;
const servers: ChannelServer[] = [];

const server = (id: string) => {
  const cs = startChannelServer({
    db: ctx.db,
    url: ctx.url,
    appSecret: ctx.deps.appSecret,
    writer: createInboxWriter(ctx.db),
    publicUrl: 'http://127.0.0.1:1',
    id,
    tickMs: 200,
    leaseMs: 2000,
    waWebSocketUrl: peer.url,
  });
  servers.push(cs);
  return cs;
};

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
    body: { name: 'Loja QR', sector_id: sectorId },
  });
  numberId = created.body.id as number;
});
afterAll(async () => {
  for (const s of servers) await s.stop();
  await peer.stop();
  await ctx.close();
});

describe('a WhatsApp number by QR on a channel server', () => {
  it('shows the QR, connects once the phone scans it, and a customer’s message opens a waweb_ conversation', async () => {
    expect((await http.post(`/api/channels/waweb/${numberId}/start`, { cookie: manager })).status).toBe(200);
    const cs = server('cs-a');
    await cs.ready;
    const qr = await waitFor(async () => {
      const n = await number();
      return n.state === 'UNPAIRED' && n.qr ? n.qr : undefined;
    });
    await peer.scan(qr);
    await waitFor(async () => ((await number()).online ? true : undefined));
    expect((await number()).state).toBe('CONNECTED');

    await peer.sendText({ from: '5511977776666', text: 'Oi, quero um orçamento' });
    const card = await waitFor(async () => {
      const [a] = await ctx.db
        .select()
        .from(attendances)
        .where(and(eq(attendances.channelKind, 'waweb'), eq(attendances.channelId, numberId)));
      return a;
    });
    expect(card.cardId).toBe(`waweb_${numberId}_5511977776666`);
    const stored = await ctx.db.select().from(messages).where(eq(messages.attendanceId, card.id));
    expect(stored.map((m) => m.text)).toEqual(['Oi, quero um orçamento']);

    // The answer leaves through the session and reaches the customer's phone.
    const ch = await ctx.deps.channelRepository.findById(numberId);
    if (!ch) throw new Error('canal não encontrado');
    const sent = await wawebAdapter.send(channelCtx(ctx.deps), ch as never, {
      messageId: 1,
      to: { externalId: '5511977776666', data: {} },
      text: 'Olá! Já te mando.',
      media: [],
    });
    expect(sent.state).toBe('sent');
    await waitFor(async () => peer.received().some((r) => r.text === 'Olá! Já te mando.'));
  });

  it('another channel server takes the session over with the same credentials, without a new QR', async () => {
    const first = servers[0];
    if (!first) throw new Error('sem servidor');
    // The first server shuts down; the second, already running, takes the session and logs in again.
    const second = server('cs-b');
    await second.ready;
    await first.stop();
    await second.tick();
    await waitFor(async () =>
      second.sessions().has(numberId) && (await number()).online ? true : undefined,
    );
    expect((await number()).qr).toBeNull();

    // Messages keep arriving on the new server.
    await peer.sendText({ from: '5511977776666', text: 'Ainda aí?' });
    await waitFor(async () => {
      const rows = await ctx.db.select().from(messages).where(eq(messages.text, 'Ainda aí?'));
      return rows.length === 1 ? true : undefined;
    });
  });

  it('comes back by itself after a dropped connection, and what was sent meanwhile arrives once', async () => {
    await peer.drop();
    await peer.sendText({ from: '5511977776666', text: 'Mandei enquanto caiu 1' });
    await peer.sendText({ from: '5511955554444', text: 'Mandei enquanto caiu 2' });
    for (const text of ['Mandei enquanto caiu 1', 'Mandei enquanto caiu 2']) {
      await waitFor(
        async () => (await ctx.db.select().from(messages).where(eq(messages.text, text))).length === 1,
      );
    }
    await waitFor(async () => ((await number()).online ? true : undefined));
    // Delivered once, though WhatsApp may deliver again until acked: nothing doubled.
    await new Promise((r) => setTimeout(r, 300));
    const rows = await ctx.db.select().from(messages).where(eq(messages.text, 'Mandei enquanto caiu 1'));
    expect(rows).toHaveLength(1);
  });

  it('logged out on the phone: the number asks for a QR again and its credentials are gone', async () => {
    await peer.logout();
    await waitFor(async () => ((await number()).state === 'UNPAIRED' ? true : undefined));
    const left = await ctx.db.select().from(wawebAuth).where(eq(wawebAuth.channelId, numberId));
    expect(left).toEqual([]);
  });
});
