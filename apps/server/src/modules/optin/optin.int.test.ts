import { OPTIN_API, OPTIN_MSG, type TOptinChannel, type TOptinPage } from '@prosa/shared/optin';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { insertWaentRows } from '../../../test/helpers/channel-fixtures';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';
import { messages } from '../../db/schema/attendance';
import { campaignContacts, campaigns, subscribers } from '../../db/schema/campaigns';
import { optinConsumer } from './optout-consumer';
import { seedOptinSamples } from './seed-optin-samples';

// Opt-in over WhatsApp Enterprise through the Cloud API peer: the contact's messages arrive as signed webhooks and
// the opt-in consumer reads them; the confirmation reaches the peer's messages endpoint. Then the screen's API.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
let peer: WhatsAppPeer;
let base: string;
let channelId: number;
let consumer: ReturnType<typeof optinConsumer>;
const APP_SECRET = 'meta-app-secret-optin';
const WA_ID = '5511977776666';

async function customerSays(text: string, waId = WA_ID, name = 'Carla') {
  const before = (await ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.senderType, 0)))
    .length;
  const r = await peer.deliver(
    `${base}/api/webhooks/waent/${channelId}`,
    peer.messagesPayload({ waId, name }, [peer.text(waId, text)]),
    { appSecret: APP_SECRET },
  );
  expect(r.status).toBe(200);
  await waitFor(async () => {
    const n = (await ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.senderType, 0)))
      .length;
    return n > before;
  });
  await consumer.drain();
}

async function subscriberOf(uid: string) {
  const [row] = await ctx.db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.channelId, channelId), eq(subscribers.uid, uid)));
  return row ?? null;
}

const peerTexts = (to = WA_ID) =>
  peer.sent.filter((s) => s.to === to).map((s) => (s.body.text as { body?: string } | undefined)?.body ?? '');

/** A campaign on the channel with recipients still pending (as the prepare job leaves them). */
async function campaignWith(keys: string[], channel = channelId) {
  const [c] = await ctx.db
    .insert(campaigns)
    .values({
      companyId: ids.companyId,
      title: `Campanha ${keys.join(',')}`,
      status: 'scheduled',
      channel: 'waent',
      channelId: channel,
      totalContacts: keys.length,
    })
    .returning();
  if (!c) throw new Error('sem campanha');
  await ctx.db
    .insert(campaignContacts)
    .values(keys.map((k) => ({ companyId: ids.companyId, campaignId: c.id, contactKey: k })));
  return c.id;
}

async function contactsOf(campaignId: number) {
  return ctx.db
    .select()
    .from(campaignContacts)
    .where(eq(campaignContacts.campaignId, campaignId))
    .orderBy(campaignContacts.contactKey);
}

async function processedOf(campaignId: number) {
  const [c] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  return c?.processedContacts;
}

async function campaignFacts(campaignId: number) {
  const r = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from domain_events
    where name = 'campaign.updated' and (data->>'campaign_id')::int = ${campaignId}`);
  return Number(r.rows[0]?.n ?? 0);
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: true });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  http = api(ctx);
  ids = await demoIds(ctx);
  manager = await http.login(MANAGER);
  peer = await startWhatsAppPeer();
  const r = await http.post('/api/channels/waent', {
    cookie: manager,
    body: {
      name: 'Loja WhatsApp',
      default_sector_id: ids.sector('Comercial'),
      broker: 'meta',
      phone_number: '+55 11 99999-0000',
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: APP_SECRET,
      verify_token: 'verifica-optin',
      api_base_url: peer.url,
      messages_per_second: 50,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  channelId = r.body.id as number;
  consumer = optinConsumer(ctx.deps);
  await consumer.ensure();
});
afterAll(async () => {
  await peer?.stop();
  await ctx?.close();
});

describe('subscribers from inbound messages', () => {
  it('a contact who writes becomes an active subscriber of the channel, and nothing is answered', async () => {
    await customerSays('Oi, boa tarde');
    const sub = await subscriberOf(WA_ID);
    expect(sub).toMatchObject({ subscriberStatus: 'active', source: 'inbound', name: 'Carla' });
    expect(peerTexts()).toEqual([]);
  });

  it('SAIR deactivates it, cancels its pending campaign sends on the channel and confirms', async () => {
    const mine = await campaignWith([WA_ID, '5511955554444']);
    const factsBefore = await campaignFacts(mine);
    await customerSays('  Sair ');
    expect(await subscriberOf(WA_ID)).toMatchObject({ subscriberStatus: 'inactive', source: 'optout' });
    const rows = await contactsOf(mine);
    expect(rows.map((c) => [c.contactKey, c.status, c.error])).toEqual([
      ['5511955554444', 'pending', null],
      [WA_ID, 'cancelled', 'opt-out'],
    ]);
    expect(await processedOf(mine)).toBe(1);
    expect(await campaignFacts(mine)).toBe(factsBefore + 1);
    await expect.poll(() => peerTexts(), { timeout: 15_000 }).toEqual([OPTIN_MSG.optoutReply]);
  });

  it('writing again does not bring an opted-out contact back; VOLTAR does', async () => {
    await customerSays('quero saber do meu pedido');
    expect(await subscriberOf(WA_ID)).toMatchObject({ subscriberStatus: 'inactive', source: 'optout' });
    await customerSays('Voltar');
    expect(await subscriberOf(WA_ID)).toMatchObject({ subscriberStatus: 'active', source: 'optin' });
    await expect
      .poll(() => peerTexts(), { timeout: 15_000 })
      .toEqual([OPTIN_MSG.optoutReply, OPTIN_MSG.optinReply]);
  });

  it('PARAR is read the same way; a sentence with the word is not an opt-out', async () => {
    await customerSays('vou parar de comprar aí', '5511944443333', 'Dora');
    expect(await subscriberOf('5511944443333')).toMatchObject({ subscriberStatus: 'active' });
    await customerSays('PARAR!', '5511944443333', 'Dora');
    expect(await subscriberOf('5511944443333')).toMatchObject({
      subscriberStatus: 'inactive',
      source: 'optout',
    });
  });
});

describe('opt-in screen API', () => {
  it('lists the channels with subscribers and their active count', async () => {
    const r = await http.get(OPTIN_API.channels, { cookie: manager });
    expect(r.status).toBe(200);
    const list = r.body as unknown as TOptinChannel[];
    const mine = list.find((c) => c.id === channelId);
    expect(mine).toMatchObject({ name: 'Loja WhatsApp', kind: 'waent', active_subscribers: 1 });
    expect(list.every((c) => ['waent', 'waweb', 'sms'].includes(c.kind))).toBe(true);
  });

  it('searches by number or name and status, paged', async () => {
    const all = await http.get(`${OPTIN_API.search}?channel_id=${channelId}`, { cookie: manager });
    expect(all.status).toBe(200);
    expect((all.body as unknown as TOptinPage).total).toBe(2);
    const byName = (
      await http.get(`${OPTIN_API.search}?channel_id=${channelId}&term=dor`, { cookie: manager })
    ).body as unknown as TOptinPage;
    expect(byName.data.map((s) => s.uid)).toEqual(['5511944443333']);
    const byNumber = (
      await http.get(`${OPTIN_API.search}?channel_id=${channelId}&term=${encodeURIComponent('(11) 97777')}`, {
        cookie: manager,
      })
    ).body as unknown as TOptinPage;
    expect(byNumber.data.map((s) => s.uid)).toEqual([WA_ID]);
    const inactive = (
      await http.get(`${OPTIN_API.search}?channel_id=${channelId}&status=inactive`, { cookie: manager })
    ).body as unknown as TOptinPage;
    expect(inactive.data.map((s) => s.uid)).toEqual(['5511944443333']);
    expect(inactive).toMatchObject({ from: 1, to: 1, total: 1, current_page: 1, per_page: 15, last_page: 1 });
  });

  it('deactivates by id (cancelling pending sends) and activates again, recording who did it', async () => {
    const sub = await subscriberOf(WA_ID);
    const mine = await campaignWith([WA_ID]);
    const off = await http.post(OPTIN_API.deactivate, {
      cookie: manager,
      body: { channel_id: channelId, ids: [sub?.id] },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toEqual({ message: OPTIN_MSG.deactivated, updated: 1 });
    expect(await subscriberOf(WA_ID)).toMatchObject({
      subscriberStatus: 'inactive',
      source: 'manual',
      changedBy: ids.user(MANAGER),
    });
    expect((await contactsOf(mine)).map((c) => c.status)).toEqual(['cancelled']);

    const on = await http.post(OPTIN_API.activate, {
      cookie: manager,
      body: { channel_id: channelId, ids: [sub?.id] },
    });
    expect(on.body).toEqual({ message: OPTIN_MSG.activated, updated: 1 });
    const page = (
      await http.get(`${OPTIN_API.search}?channel_id=${channelId}&term=Carla`, { cookie: manager })
    ).body as unknown as TOptinPage;
    expect(page.data[0]).toMatchObject({
      subscriber_status: 'active',
      source: 'manual',
      changed_by_name: expect.any(String),
    });
  });

  it('a manual deactivation is not undone by the contact writing an opt-in word', async () => {
    const sub = await subscriberOf(WA_ID);
    await http.post(OPTIN_API.deactivate, {
      cookie: manager,
      body: { channel_id: channelId, ids: [sub?.id] },
    });
    await customerSays('aceito');
    expect(await subscriberOf(WA_ID)).toMatchObject({ subscriberStatus: 'inactive', source: 'manual' });
    // Nor by writing SAIR and then VOLTAR: the user's deactivation stays the reason.
    await customerSays('sair');
    await customerSays('voltar');
    expect(await subscriberOf(WA_ID)).toMatchObject({ subscriberStatus: 'inactive', source: 'manual' });
  });

  it('adds a number by hand in its key form; a bad number is refused and nothing changes', async () => {
    const r = await http.post(OPTIN_API.activate, {
      cookie: manager,
      body: { channel_id: channelId, uid: '(21) 98888-1234' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await subscriberOf('5521988881234')).toMatchObject({
      subscriberStatus: 'active',
      source: 'manual',
    });
    const before = await ctx.db.select().from(subscribers);
    const bad = await http.post(OPTIN_API.deactivate, {
      cookie: manager,
      body: { channel_id: channelId, uid: '12' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(OPTIN_MSG.uidInvalid);
    expect(await ctx.db.select().from(subscribers)).toEqual(before);
  });

  it('refuses bad input with 400 and a Portuguese message', async () => {
    for (const q of [
      '',
      '?channel_id=abc',
      `?channel_id=${channelId}&per_page=20`,
      `?channel_id=${channelId}&status=x`,
      `?channel_id=${channelId}&page=0`,
      '?channel_id=99999999999',
    ]) {
      const r = await http.get(`${OPTIN_API.search}${q}`, { cookie: manager });
      expect(r.status, q).toBeGreaterThanOrEqual(400);
      expect(r.status, q).toBeLessThan(500);
      expect(typeof r.body.message).toBe('string');
    }
    const empty = await http.post(OPTIN_API.activate, {
      cookie: manager,
      body: { channel_id: channelId, ids: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(OPTIN_MSG.targetRequired);
    for (const body of [
      {},
      { channel_id: 'x', ids: [1] },
      { channel_id: channelId, ids: [0] },
      { channel_id: channelId, ids: 'a' },
      { channel_id: channelId, uid: 5 },
    ]) {
      const r = await http.post(OPTIN_API.deactivate, { cookie: manager, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('another company sees none of it; an operator may not use it', async () => {
    const other = await http.login(OTHER_ADMIN);
    const search = await http.get(`${OPTIN_API.search}?channel_id=${channelId}`, { cookie: other });
    expect(search.status).toBe(404);
    const sub = await subscriberOf(WA_ID);
    const change = await http.post(OPTIN_API.activate, {
      cookie: other,
      body: { channel_id: channelId, ids: [sub?.id] },
    });
    expect(change.status).toBe(404);
    expect(await subscriberOf(WA_ID)).toMatchObject({ subscriberStatus: 'inactive' });
    const channelsOther = (await http.get(OPTIN_API.channels, { cookie: other }))
      .body as unknown as TOptinChannel[];
    expect(channelsOther.some((c) => c.id === channelId)).toBe(false);

    const operator = await http.login(OPERATOR);
    expect((await http.get(`${OPTIN_API.search}?channel_id=${channelId}`, { cookie: operator })).status).toBe(
      403,
    );
    expect(
      (
        await http.post(OPTIN_API.activate, {
          cookie: operator,
          body: { channel_id: channelId, ids: [sub?.id] },
        })
      ).status,
    ).toBe(403);
    expect((await http.get(`${OPTIN_API.search}?channel_id=${channelId}`)).status).toBe(401);
  });

  it('ids of another channel of the company are not found', async () => {
    const sub = await subscriberOf(WA_ID);
    const [otherChannel] = await insertWaentRows(ctx.db, {
      companyId: ids.companyId,
      name: 'Outro número',
      defaultSectorId: ids.sector('Comercial'),
      phoneNumberId: 'outro-numero',
      wabaId: 'outra-waba',
    });
    if (!otherChannel) throw new Error('sem canal');
    const r = await http.post(OPTIN_API.activate, {
      cookie: manager,
      body: { channel_id: otherChannel.id, ids: [sub?.id] },
    });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(OPTIN_MSG.notFound);
  });
});

describe('demo sample', () => {
  it('gives the first channel of each kind five active subscribers and one who opted out, once', async () => {
    const written = await seedOptinSamples(ctx.db);
    expect(written).toBeGreaterThanOrEqual(6);
    expect(written % 6).toBe(0);
    expect(await seedOptinSamples(ctx.db)).toBe(0);
    const [first] = (
      await ctx.db.execute<{ id: number }>(sql`
        select id from channels where company_id = ${ids.companyId} and kind = 'waent' and deleted_at is null
        order by id limit 1`)
    ).rows;
    const page = (
      await http.get(`${OPTIN_API.search}?channel_id=${first?.id}&term=Juliana`, { cookie: manager })
    ).body as unknown as TOptinPage;
    expect(page.data.map((s) => [s.uid, s.subscriber_status])).toEqual([['5541987001005', 'active']]);
  });
});
