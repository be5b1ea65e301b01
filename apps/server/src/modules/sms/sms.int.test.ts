import { SMS_MSG } from '@prosa/shared/sms';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import {
  infobipInbound,
  infobipReport,
  movileDelivery,
  movileInbound,
  zenviaInbound,
  zenviaStatus,
} from '../../../test/peers/sms/events';
import { type SmsPeer, startSmsPeer } from '../../../test/peers/sms/peer';
import { attendances, messages } from '../../db/schema/attendance';
import { channelEvents } from '../../db/schema/inbox';

// SMS channels end to end against the broker peer: the CRUD and its spec texts, each broker's webhook with the
// channel's secret in the path into the real inbox (sms_ cards, duplicates once, wrong secret refused), the
// conditionals choosing the sector, delivery reports into the ticks, operator replies through the durable path
// (429 retried, each message reaching the broker once).

const PUBLIC = 'https://prosa.example';
let ctx: TestContext;
let http: ReturnType<typeof api>;
let peer: SmsPeer;
let local: string;
let admin: string;
let manager: string;
let operator: string;
let other: string;
let sectorId: number;
let secondSectorId: number;
let otherSectorId: number;

beforeAll(async () => {
  peer = await startSmsPeer();
  ctx = await createTestContext({ queue: false, inbox: true, env: { PUBLIC_URL: PUBLIC } });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = ctx.app.server.address();
  local = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  http = api(ctx);
  admin = await http.login(ADMIN);
  manager = await http.login(MANAGER);
  operator = await http.login(OPERATOR);
  other = await http.login(OTHER_ADMIN);
  const sectors = async (cookie: string) =>
    (await http.get('/api/sectors', { cookie })).body as unknown as { id: number }[];
  const mine = await sectors(admin);
  sectorId = mine[0]?.id ?? 0;
  secondSectorId = mine[1]?.id ?? 0;
  otherSectorId = (await sectors(other))[0]?.id ?? 0;
});
afterAll(async () => {
  await ctx?.close();
  await peer?.stop();
});

type Channel = { id: number; extra_data: { token_hint: string } };

const zenviaBody = (over: Record<string, unknown> = {}) => ({
  gateway: 'zenvia',
  name: 'SMS Zenvia',
  default_sector_id: sectorId,
  extra_data: { base_url: peer.url, token: peer.accept.zenviaToken, sender: 'PROSA' },
  conditionals: [],
  ...over,
});

async function create(body: Record<string, unknown>, cookie = manager) {
  const r = await http.post('/api/channels/sms', { cookie, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Channel;
}

/** The webhook URL get_api_key gives, reached on the test server. */
async function hookOf(id: number) {
  const r = await http.get(`/api/channels/sms/${id}/api-key`, { cookie: manager });
  expect(r.status).toBe(200);
  const url = String(r.body.webhook_url);
  expect(url.startsWith(`${PUBLIC}/api/webhooks/sms/${id}/`)).toBe(true);
  return url.replace(PUBLIC, local);
}

const cardsOf = (channelId: number) =>
  ctx.db.select().from(attendances).where(eq(attendances.channelId, channelId)).orderBy(attendances.id);
const messagesOf = (attendanceId: number) =>
  ctx.db.select().from(messages).where(eq(messages.attendanceId, attendanceId)).orderBy(messages.id);

async function inboxDrained() {
  await waitFor(async () => {
    const [r] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(channelEvents)
      .where(sql`${channelEvents.processedAt} is null`);
    return r?.n === 0;
  });
}

describe('SMS channels (CRUD)', () => {
  it('creates a Zenvia channel: the token never comes back, only its hint', async () => {
    const ch = await create(zenviaBody());
    expect(ch.extra_data.token_hint).toBe(`••••${peer.accept.zenviaToken.slice(-4)}`);
    const list = await http.get('/api/channels/sms', { cookie: manager });
    expect(JSON.stringify(list.body)).not.toContain(peer.accept.zenviaToken);
    expect((list.body as unknown as Channel[]).map((c) => c.id)).toContain(ch.id);
  });

  it('refuses missing fields and invalid conditionals with the spec texts, storing nothing', async () => {
    const before = (await http.get('/api/channels/sms', { cookie: manager })).body as unknown as unknown[];
    const cases: [Record<string, unknown>, string][] = [
      [zenviaBody({ name: '' }), SMS_MSG.required],
      [zenviaBody({ extra_data: { base_url: peer.url, sender: 'PROSA' } }), SMS_MSG.required],
      [zenviaBody({ gateway: 'movile', extra_data: { token: 'x' } }), SMS_MSG.required],
      [zenviaBody({ gateway: 'pontal', extra_data: { generic: { send_url: 'nada' } } }), SMS_MSG.required],
      [
        zenviaBody({ conditionals: [{ sector_id: null, conditional: 'boleto' }] }),
        SMS_MSG.invalidConditionals,
      ],
      [zenviaBody({ conditionals: [{ sector_id: sectorId, conditional: '' }] }), SMS_MSG.invalidConditionals],
      [
        zenviaBody({ conditionals: [{ sector_id: otherSectorId, conditional: 'boleto' }] }),
        SMS_MSG.invalidConditionals,
      ],
      [zenviaBody({ default_sector_id: otherSectorId }), SMS_MSG.sectorInvalid],
    ];
    for (const [body, message] of cases) {
      const r = await http.post('/api/channels/sms', { cookie: manager, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const after = (await http.get('/api/channels/sms', { cookie: manager })).body as unknown as unknown[];
    expect(after).toHaveLength(before.length);
  });

  it('is for managers of the company: operators refused, another company gets 404', async () => {
    const ch = await create(zenviaBody({ name: 'Isolado' }));
    expect((await http.get('/api/channels/sms', { cookie: operator })).status).toBe(403);
    expect((await http.get(`/api/channels/sms/${ch.id}`, { cookie: other })).status).toBe(404);
    expect((await http.get(`/api/channels/sms/${ch.id}/api-key`, { cookie: other })).status).toBe(404);
    expect((await http.put(`/api/channels/sms/${ch.id}`, { cookie: other, body: zenviaBody() })).status).toBe(
      404,
    );
    expect((await http.delete(`/api/channels/sms/${ch.id}`, { cookie: other })).status).toBe(404);
    const list = (await http.get('/api/channels/sms', { cookie: other })).body as unknown as Channel[];
    expect(list.map((c) => c.id)).not.toContain(ch.id);
    // An update with a blank token keeps the stored one.
    const r = await http.put(`/api/channels/sms/${ch.id}`, {
      cookie: manager,
      body: zenviaBody({ name: 'Renomeado', extra_data: { base_url: peer.url, sender: 'PROSA' } }),
    });
    expect(r.status).toBe(200);
    expect((r.body.extra_data as { token_hint: string }).token_hint).toBe(ch.extra_data.token_hint);
    expect((await http.delete(`/api/channels/sms/${ch.id}`, { cookie: manager })).body.message).toBe(
      SMS_MSG.removed,
    );
    expect((await http.get(`/api/channels/sms/${ch.id}`, { cookie: manager })).status).toBe(404);
  });
});

describe('SMS inbound, conditionals, reports and replies', () => {
  it('Zenvia: a wrong secret stores nothing; a message becomes an sms_ card once; conditionals pick the sector', async () => {
    const ch = await create(
      zenviaBody({
        name: 'Com condições',
        conditionals: [
          { sector_id: secondSectorId, conditional: 'boleto', status: true },
          { sector_id: sectorId, conditional: '/.*/', status: false, default: true },
        ],
      }),
    );
    const hook = await hookOf(ch.id);
    const [n0] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(channelEvents);
    const event = zenviaInbound('5511988887777', 'PROSA', 'Quero a segunda via do boleto');
    expect(await peer.deliver(hook.replace(/\/[^/]+$/, '/errado'), event)).toBe(401);
    expect(await peer.deliver(hook.replace(/\/[^/]+$/, ''), event)).toBe(401);
    const [n1] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(channelEvents);
    expect(n1?.n).toBe(n0?.n);

    expect(await peer.deliver(hook, event)).toBe(200);
    expect(await peer.deliver(hook, event)).toBe(200);
    await inboxDrained();
    const [card] = await cardsOf(ch.id);
    expect(card?.cardId).toBe(`sms_${ch.id}_5511988887777`);
    expect(card?.sectorId).toBe(secondSectorId);
    expect((await messagesOf(card?.id ?? 0)).map((m) => m.text)).toEqual(['Quero a segunda via do boleto']);

    // No condition matches (the default one is inactive): the channel's sector.
    expect(await peer.deliver(hook, zenviaInbound('5511977776666', 'PROSA', 'Olá'))).toBe(200);
    await inboxDrained();
    const cards = await cardsOf(ch.id);
    expect(cards.find((c) => c.cardId.endsWith('_5511977776666'))?.sectorId).toBe(sectorId);

    // The header form of the secret works on the plain webhook route.
    const token = hook.slice(hook.lastIndexOf('/') + 1);
    const plain = `${local}/api/webhooks/sms/${ch.id}`;
    expect(
      await peer.deliver(plain, zenviaInbound('5511966665555', 'PROSA', 'Oi'), { 'X-Prosa-Token': token }),
    ).toBe(200);
    expect(await peer.deliver(plain, zenviaInbound('5511966665555', 'PROSA', 'Oi'))).toBe(401);

    // Inactive: the broker's calls are refused until the channel is active again.
    const off = await http.put(`/api/channels/sms/${ch.id}`, {
      cookie: manager,
      body: zenviaBody({
        name: 'Com condições',
        active: false,
        extra_data: { base_url: peer.url, sender: 'PROSA' },
      }),
    });
    expect(off.status).toBe(200);
    expect(await peer.deliver(hook, zenviaInbound('5511944440000', 'PROSA', 'Parado?'))).toBe(401);
  });

  it('an operator reply reaches Zenvia once (a 429 retried), and its status report ticks it', async () => {
    const ch = await create(zenviaBody({ name: 'Respostas' }));
    const hook = await hookOf(ch.id);
    await peer.deliver(hook, zenviaInbound('5511955554444', 'PROSA', 'Bom dia'));
    await inboxDrained();
    const [card] = await cardsOf(ch.id);
    const before = peer.sent.length;
    peer.failNext(429);
    const long = 'x'.repeat(300);
    const r = await http.post(`/api/attendances/${card?.id}/messages`, {
      cookie: admin,
      body: { message: long },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = Number((r.body.message as { id: number }).id);
    await waitFor(
      async () => (await ctx.db.select().from(messages).where(eq(messages.id, id)))[0]?.delivery === 'sent',
    );
    const mine = peer.sent.slice(before);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ broker: 'zenvia', to: '5511955554444', from: 'PROSA' });
    expect(mine[0]?.text).toHaveLength(250);
    expect(await peer.deliver(hook, zenviaStatus(mine[0]?.id ?? '', 'DELIVERED'))).toBe(200);
    await waitFor(
      async () =>
        (await ctx.db.select().from(messages).where(eq(messages.id, id)))[0]?.delivery === 'delivered',
    );
  });

  it('Infobip: a batch of two senders makes two cards; a reply carries our id; UNDELIVERABLE marks the error', async () => {
    const ch = await create({
      gateway: 'infobip',
      name: 'SMS Infobip',
      default_sector_id: sectorId,
      extra_data: { base_url: peer.url, token: peer.accept.infobipKey, sender: 'InfoSMS' },
    });
    const hook = await hookOf(ch.id);
    const batch = infobipInbound([
      { from: '5521911111111', to: '28128', text: 'Primeiro' },
      { from: '5521922222222', to: '28128', text: 'Segundo' },
    ]);
    expect(await peer.deliver(hook, batch)).toBe(200);
    expect(await peer.deliver(hook, batch)).toBe(200);
    await inboxDrained();
    const cards = await cardsOf(ch.id);
    expect(cards.map((c) => c.cardId).sort()).toEqual([
      `sms_${ch.id}_5521911111111`,
      `sms_${ch.id}_5521922222222`,
    ]);
    for (const c of cards) expect(await messagesOf(c.id)).toHaveLength(1);

    const before = peer.sent.length;
    peer.failNext(503);
    const r = await http.post(`/api/attendances/${cards[0]?.id}/messages`, {
      cookie: admin,
      body: { message: 'Olá!' },
    });
    const id = Number((r.body.message as { id: number }).id);
    await waitFor(
      async () => (await ctx.db.select().from(messages).where(eq(messages.id, id)))[0]?.delivery === 'sent',
    );
    const sent = peer.sent.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ broker: 'infobip', text: 'Olá!', ourId: `prosa-${id}` });
    await peer.deliver(hook, infobipReport(sent[0]?.id ?? '', sent[0]?.to ?? '', 'UNDELIVERABLE'));
    await waitFor(
      async () => (await ctx.db.select().from(messages).where(eq(messages.id, id)))[0]?.delivery === 'error',
    );
  });

  it('Movile: an MO becomes a card, a delivery callback ticks the reply; a refused send is not retried', async () => {
    const ch = await create({
      gateway: 'movile',
      name: 'SMS Movile',
      default_sector_id: sectorId,
      extra_data: { base_url: peer.url, token: peer.accept.movileToken, username: peer.accept.movileUser },
    });
    const hook = await hookOf(ch.id);
    await peer.deliver(hook, movileInbound('5519987654321', 'Oi Movile'));
    await inboxDrained();
    const [card] = await cardsOf(ch.id);
    expect(card?.cardId).toBe(`sms_${ch.id}_5519987654321`);
    const before = peer.sent.length;
    const r = await http.post(`/api/attendances/${card?.id}/messages`, {
      cookie: admin,
      body: { message: 'Resposta' },
    });
    const id = Number((r.body.message as { id: number }).id);
    const sent = peer.sent.slice(before);
    expect(sent).toHaveLength(1);
    await peer.deliver(hook, movileDelivery(sent[0]?.id ?? '', `prosa-${id}`, '5519987654321', true));
    await waitFor(
      async () =>
        (await ctx.db.select().from(messages).where(eq(messages.id, id)))[0]?.delivery === 'delivered',
    );
    peer.failNext(400);
    const refused = await http.post(`/api/attendances/${card?.id}/messages`, {
      cookie: admin,
      body: { message: 'X' },
    });
    const rid = Number((refused.body.message as { id: number }).id);
    await waitFor(
      async () => (await ctx.db.select().from(messages).where(eq(messages.id, rid)))[0]?.delivery === 'error',
    );
    expect(peer.sent.slice(before)).toHaveLength(1);
  });

  it('a generic broker (Pontal) sends by its template and reads the configured webhook fields', async () => {
    const ch = await create({
      gateway: 'pontal',
      name: 'SMS Pontal',
      default_sector_id: sectorId,
      extra_data: {
        headers: 'Authorization: Bearer pontal-secreto',
        generic: {
          send_url: `${peer.url}/generic/send`,
          body_template: '{"numero":"{{to}}","mensagem":"{{message}}","ref":"{{id}}"}',
          response_id_path: 'resultado.protocolo',
          inbound_from_path: 'origem',
          inbound_text_path: 'texto',
          inbound_id_path: 'id',
        },
      },
    });
    const hook = await hookOf(ch.id);
    await peer.deliver(hook, { id: 'p-1', origem: '5531988880000', texto: 'Pelo Pontal' });
    await inboxDrained();
    const [card] = await cardsOf(ch.id);
    expect(card?.cardId).toBe(`sms_${ch.id}_5531988880000`);
    const before = peer.sent.length;
    await http.post(`/api/attendances/${card?.id}/messages`, {
      cookie: admin,
      body: { message: 'Diga "oi"' },
    });
    const sent = peer.sent.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ broker: 'generic', to: '5531988880000', text: 'Diga "oi"' });
    expect(sent[0]?.headers.authorization).toBe('Bearer pontal-secreto');
  });
});

describe('active SMS', () => {
  let channelId: number;
  beforeAll(async () => {
    channelId = (await create(zenviaBody({ name: 'Ativo' }))).id;
  });

  it('an operator opens an sms_ attendance and the message reaches the broker once', async () => {
    const opts = await http.get('/api/active-sms/options', { cookie: operator });
    expect(opts.body.allowed).toBe(true);
    const offered = opts.body.channels as { id: number; is_new_channel: boolean }[];
    expect(offered.find((c) => c.id === channelId)?.is_new_channel).toBe(true);
    const sector = (opts.body.sectors as { id: number }[])[0]?.id ?? 0;
    const before = peer.sent.length;
    const r = await http.post('/api/active-sms', {
      cookie: operator,
      body: {
        channel_id: channelId,
        phone_number_ddi: '55',
        phone_number: '(11) 94444-3333',
        message: 'Seu pedido saiu para entrega.',
        sector_id: sector,
        is_new_channel: true,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.sent).toBe(true);
    expect((r.body.card as { card_id: string }).card_id).toBe(`sms_${channelId}_5511944443333`);
    const sent = peer.sent.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: '5511944443333', text: 'Seu pedido saiu para entrega.' });
    const [card] = await ctx.db
      .select()
      .from(attendances)
      .where(
        and(eq(attendances.channelId, channelId), eq(attendances.cardId, `sms_${channelId}_5511944443333`)),
      );
    expect(card?.sectorId).toBe(sector);
  });

  it('managers are refused; over 160 characters and missing fields get the spec texts; nothing is sent', async () => {
    const before = peer.sent.length;
    const body = {
      channel_id: channelId,
      phone_number: '11944443333',
      message: 'Oi',
      sector_id: sectorId,
    };
    const m = await http.post('/api/active-sms', { cookie: manager, body });
    expect(m.status).toBe(403);
    expect(m.body.message).toBe('Você não tem permissão para esta ação.');
    expect((await http.get('/api/active-sms/options', { cookie: manager })).body.allowed).toBe(false);
    const long = await http.post('/api/active-sms', {
      cookie: operator,
      body: { ...body, message: 'x'.repeat(161) },
    });
    expect(long.body.message).toBe(SMS_MSG.activeTooLong);
    const empty = await http.post('/api/active-sms', {
      cookie: operator,
      body: { ...body, phone_number: '' },
    });
    expect(empty.body.message).toBe(SMS_MSG.activeRequired);
    const foreign = await http.post('/api/active-sms', {
      cookie: other,
      body: { ...body, sector_id: otherSectorId },
    });
    expect(foreign.status).toBe(400);
    expect(peer.sent.length).toBe(before);
  });
});
