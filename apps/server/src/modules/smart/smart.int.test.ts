import { SMART_MSG } from '@prosa/shared/smart';
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
import { waitFor } from '../../../test/helpers/wait-for';
import { zenviaInbound } from '../../../test/peers/sms/events';
import { type SmsPeer, startSmsPeer } from '../../../test/peers/sms/peer';
import { attendances, messages } from '../../db/schema/attendance';

// Smart channels against the broker peer: the CRUD's spec text, WhatsApp-medium webhooks into smart_ cards, the
// text limit by medium, and hasTranshipment (a WhatsApp message refused for the number goes again by SMS).

let ctx: TestContext;
let http: ReturnType<typeof api>;
let peer: SmsPeer;
let local: string;
let manager: string;
let sectorId: number;

beforeAll(async () => {
  peer = await startSmsPeer();
  ctx = await createTestContext({ queue: false, inbox: true });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = ctx.app.server.address();
  local = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  http = api(ctx);
  manager = await http.login(MANAGER);
  sectorId =
    ((await http.get('/api/sectors', { cookie: manager })).body as unknown as { id: number }[])[0]?.id ?? 0;
});
afterAll(async () => {
  await ctx?.close();
  await peer?.stop();
});

type Smart = { id: number; text_limit: number; webhook_url: string; hasTranshipment: boolean };

const body = (over: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  gateway: 'zenvia',
  name: 'Smart WhatsApp',
  default_sector_id: sectorId,
  active: true,
  hasTranshipment: true,
  extra_data: {
    medium: 'whatsapp',
    base_url: peer.url,
    token: peer.accept.zenviaToken,
    sender: 'PROSA',
    whatsapp_sender: '5511900001111',
    ...extra,
  },
  ...over,
});

async function create(b: Record<string, unknown>) {
  const r = await http.post('/api/channels/smart', { cookie: manager, body: b });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Smart;
}

async function cardFrom(ch: Smart, from: string, text: string) {
  const hook = ch.webhook_url.replace(/^https?:\/\/[^/]+/, local);
  expect(await peer.deliver(hook, zenviaInbound(from, '5511900001111', text, 'whatsapp'))).toBe(200);
  return waitFor(async () => {
    const [a] = await ctx.db.select().from(attendances).where(eq(attendances.channelId, ch.id));
    return a ?? null;
  });
}

/** The card's text limit as the attendance screen receives it. */
async function cardLimit(id: number) {
  const r = await http.get(`/api/attendances/${id}`, { cookie: manager });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.text_limit;
}

const sentOf = async (id: number) => (await ctx.db.select().from(messages).where(eq(messages.id, id)))[0];

describe('Smart channels', () => {
  it('refuses an incomplete form with "Preencha os campos obrigatórios." and is company scoped', async () => {
    for (const b of [
      body({ name: '' }),
      body({}, { sender: '' }),
      body({}, { token: '' }),
      body({}, { whatsapp_sender: '' }),
      body({}, { base_url: '' }),
    ]) {
      const r = await http.post('/api/channels/smart', { cookie: manager, body: b });
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect(r.body.message).toBe(SMART_MSG.required);
    }
    const ch = await create(body({ name: 'Escopo' }));
    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(`/api/channels/smart/${ch.id}`, { cookie: other })).status).toBe(404);
    expect((await http.delete(`/api/channels/smart/${ch.id}`, { cookie: other })).status).toBe(404);
    expect((await http.get('/api/channels/smart', { cookie: await http.login(OPERATOR) })).status).toBe(403);
    expect(ch.text_limit).toBe(4096);
  });

  it('a WhatsApp message refused for the number goes again by SMS, cut to 250 (hasTranshipment)', async () => {
    const ch = await create(body({ name: 'Transbordo' }));
    const card = await cardFrom(ch, '5511933332222', 'Oi pelo WhatsApp');
    expect(card.cardId).toBe(`smart_${ch.id}_5511933332222`);
    const before = peer.sent.length;
    peer.refuseWhatsapp(1);
    const r = await http.post(`/api/attendances/${card.id}/messages`, {
      cookie: manager,
      body: { message: 'y'.repeat(400) },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = Number((r.body.message as { id: number }).id);
    await waitFor(async () => (await sentOf(id))?.delivery === 'sent');
    const sent = peer.sent.slice(before);
    expect(sent.map((s) => s.medium)).toEqual(['sms']);
    expect(sent[0]?.text).toHaveLength(250);
    // Accepted on WhatsApp: the whole text goes there, no SMS.
    const next = peer.sent.length;
    await http.post(`/api/attendances/${card.id}/messages`, {
      cookie: manager,
      body: { message: 'z'.repeat(400) },
    });
    expect(peer.sent.slice(next).map((s) => [s.medium, s.text.length])).toEqual([['whatsapp', 400]]);
    // The WhatsApp medium keeps the kind's 4096: stored whole, and the card counts against 4096.
    expect((await sentOf(id))?.text).toHaveLength(400);
    expect(await cardLimit(card.id)).toBe(4096);
  });

  it('without hasTranshipment the refusal fails the message; the SMS medium cuts to 250', async () => {
    const ch = await create(body({ name: 'Sem transbordo', hasTranshipment: false }));
    const card = await cardFrom(ch, '5511922221111', 'Oi');
    const before = peer.sent.length;
    peer.refuseWhatsapp(1);
    const r = await http.post(`/api/attendances/${card.id}/messages`, {
      cookie: manager,
      body: { message: 'Olá' },
    });
    const id = Number((r.body.message as { id: number }).id);
    await waitFor(async () => (await sentOf(id))?.delivery === 'error');
    expect(peer.sent.length).toBe(before);

    const sms = await create(body({ name: 'Smart SMS', hasTranshipment: false }, { medium: 'sms' }));
    expect(sms.text_limit).toBe(250);
    const smsCard = await cardFrom(sms, '5511911110000', 'Oi por SMS');
    await http.post(`/api/attendances/${smsCard.id}/messages`, {
      cookie: manager,
      body: { message: 'w'.repeat(300) },
    });
    expect(peer.sent.slice(-1).map((s) => [s.medium, s.text.length])).toEqual([['sms', 250]]);
    // What the chat shows is what the contact got (spec 1 §5: 250 when the medium is SMS), and the composer
    // counts against the card's 250.
    const stored = await ctx.db.select().from(messages).where(eq(messages.attendanceId, smsCard.id));
    expect(stored.filter((m) => m.senderType === 1).map((m) => m.text.length)).toEqual([250]);
    expect(await cardLimit(smsCard.id)).toBe(250);
  });
});

describe('active SMS on a Smart channel', () => {
  it('is offered with is_new_channel false and opens a smart_ card; the flag must match the channel', async () => {
    const ch = await create(body({ name: 'Smart ativo', hasTranshipment: false }, { medium: 'sms' }));
    await create(body({ name: 'Smart WhatsApp não oferecido' }));
    const operator = await http.login(OPERATOR);
    const opts = await http.get('/api/active-sms/options', { cookie: operator });
    expect(opts.status, JSON.stringify(opts.body)).toBe(200);
    const offered = opts.body.channels as { id: number; name: string; is_new_channel: boolean }[];
    expect(offered.find((c) => c.id === ch.id)?.is_new_channel).toBe(false);
    expect(offered.map((c) => c.name)).not.toContain('Smart WhatsApp não oferecido');
    const sector = (opts.body.sectors as { id: number }[])[0]?.id ?? 0;
    const input = {
      channel_id: ch.id,
      phone_number: '21987654321',
      message: 'Promoção de hoje',
      sector_id: sector,
    };
    const before = peer.sent.length;
    const wrong = await http.post('/api/active-sms', {
      cookie: operator,
      body: { ...input, is_new_channel: true },
    });
    expect(wrong.status).toBe(400);
    const r = await http.post('/api/active-sms', {
      cookie: operator,
      body: { ...input, is_new_channel: false },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.card as { card_id: string }).card_id).toBe(`smart_${ch.id}_5521987654321`);
    expect((r.body.card as { text_limit: number }).text_limit).toBe(250);
    expect(peer.sent.slice(before).map((s) => [s.medium, s.to, s.text])).toEqual([
      ['sms', '5521987654321', 'Promoção de hoje'],
    ]);
  });
});
