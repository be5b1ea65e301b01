import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { InboundRequest } from '../port';
import type { WaentChannel } from './config';
import { challenge, parse, resolve, split, verify } from './inbound';

const channel: WaentChannel = {
  companyId: 1,
  id: 7,
  kind: 'waent',
  name: 'Vendas',
  defaultSectorId: 3,
  active: true,
  routeKey: '1090',
  ratePerSecond: null,
  config: {
    broker: 'meta',
    phone_number: null,
    waba_id: '55',
    display_name: null,
    verify_token: 'tok-verif',
    api_base_url: 'https://graph.facebook.com/v19.0',
    is_cloud: true,
    messaging_limit: 'unlimited',
  },
  secrets: { access_token: 'EAAG', app_secret: 'segredo-do-app' },
  deletedAt: null,
};

const payload = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '55', changes: [{ field: 'messages', value }] }],
});

// Two contacts writing in the same delivery, a reaction, and the statuses of two of our messages.
const mixed = payload({
  messaging_product: 'whatsapp',
  metadata: { phone_number_id: '1090' },
  contacts: [
    { wa_id: '5511900000001', profile: { name: 'Ana' } },
    { wa_id: '5511900000002', profile: { name: 'Beto' } },
  ],
  messages: [
    { from: '5511900000001', id: 'wamid.A1', timestamp: '1778400000', type: 'text', text: { body: 'Oi' } },
    {
      from: '5511900000002',
      id: 'wamid.B1',
      timestamp: '1778400001',
      type: 'image',
      image: { id: 'media-9', mime_type: 'image/jpeg', caption: 'foto' },
    },
    {
      from: '5511900000001',
      id: 'wamid.A2',
      timestamp: '1778400002',
      type: 'reaction',
      reaction: { message_id: 'wamid.OUT1', emoji: '👍' },
    },
    {
      from: '5511900000001',
      id: 'wamid.A3',
      timestamp: '1778400003',
      type: 'text',
      context: { id: 'wamid.OUT1' },
      text: { body: 'Tudo bem?' },
    },
  ],
  statuses: [
    { id: 'wamid.OUT1', status: 'read', timestamp: '1778400004', recipient_id: '5511900000001' },
    {
      id: 'wamid.OUT2',
      status: 'failed',
      timestamp: '1778400005',
      recipient_id: '5511900000002',
      errors: [{ code: 131047, title: 'Re-engagement message' }],
    },
  ],
});

describe('split', () => {
  it('gives one piece per contact, in order, and the statuses by recipient', () => {
    const pieces = split(mixed);
    expect(pieces.map((p) => p.orderingKey)).toEqual([
      '5511900000001',
      '5511900000002',
      'status:5511900000001',
      'status:5511900000002',
    ]);
    const ana = parse(channel, pieces[0]?.payload);
    expect(ana.contact).toEqual({
      externalId: '5511900000001',
      name: 'Ana',
      data: { phone: '5511900000001' },
    });
    expect(ana.messages.map((m) => m.externalId)).toEqual(['wamid.A1', 'wamid.A3']);
    expect(ana.reactions).toHaveLength(1);
    expect(ana.statuses).toEqual([]);
    const beto = parse(channel, pieces[1]?.payload);
    expect(beto.contact?.name).toBe('Beto');
    expect(beto.messages.map((m) => m.externalId)).toEqual(['wamid.B1']);
    expect(parse(channel, pieces[3]?.payload).statuses.map((s) => s.externalId)).toEqual(['wamid.OUT2']);
  });

  it('splits nothing out of a payload that is not a webhook', () => {
    expect(split(null)).toEqual([]);
    expect(split({ entry: 'x' })).toEqual([]);
  });
});

describe('parse', () => {
  it('reads messages, files as references, reactions and statuses', () => {
    const r = parse(channel, mixed);
    expect(r.messages[0]).toEqual({
      externalId: 'wamid.A1',
      text: 'Oi',
      sentAt: new Date(1778400000 * 1000),
      metadata: { wamid: 'wamid.A1' },
    });
    expect(r.messages[1]).toMatchObject({
      text: 'foto',
      media: [{ id: 'media-9', type: 'image', mimeType: 'image/jpeg', fileName: null }],
      metadata: { wa_type: 'image', wamid: 'wamid.B1' },
    });
    expect(r.messages[2]?.metadata).toEqual({ wamid: 'wamid.A3', context_wamid: 'wamid.OUT1' });
    expect(r.reactions).toEqual([
      {
        externalId: 'wamid.A2',
        from: '5511900000001',
        targetExternalId: 'wamid.OUT1',
        emoji: '👍',
        // After A1 and B1: an unknown target makes it a message there.
        before: 2,
        fallback: expect.objectContaining({ externalId: 'wamid.A2', text: 'Reagiu com 👍' }),
      },
    ]);
    expect(r.statuses).toEqual([
      {
        externalId: 'wamid.OUT1',
        state: 'read',
        at: new Date(1778400004 * 1000),
        recipient: '5511900000001',
      },
      {
        externalId: 'wamid.OUT2',
        state: 'error',
        at: new Date(1778400005 * 1000),
        error: '131047 Re-engagement message',
        recipient: '5511900000002',
      },
    ]);
  });

  it('ignores the changes of another number', () => {
    const other = payload({
      metadata: { phone_number_id: '2000' },
      messages: [{ from: '5511900000003', id: 'wamid.X', type: 'text', text: { body: 'oi' } }],
    });
    expect(parse(channel, other)).toEqual({ contact: null, messages: [], statuses: [], reactions: [] });
  });
});

describe('verification', () => {
  const body = Buffer.from(JSON.stringify(mixed));
  const request = (signature?: string): InboundRequest => ({
    channelId: 7,
    query: {},
    headers: signature ? { 'x-hub-signature-256': signature } : {},
    rawBody: body,
  });
  const signed = (secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

  it('accepts the app secret signature over the raw body only', () => {
    expect(verify(channel, request(signed('segredo-do-app')))).toBe(true);
    expect(verify(channel, request(signed('outro')))).toBe(false);
    expect(verify(channel, request())).toBe(false);
    // A channel without an app secret verifies nothing, not even a signature made with an empty key.
    expect(verify({ ...channel, secrets: {} }, request(signed('')))).toBe(false);
  });

  it("answers Meta's challenge only to the channel's verify token", () => {
    const q = { 'hub.mode': 'subscribe', 'hub.verify_token': 'tok-verif', 'hub.challenge': '123' };
    expect(challenge(channel, q)).toBe('123');
    expect(challenge(channel, { ...q, 'hub.verify_token': 'errado' })).toBeNull();
    expect(challenge(channel, { ...q, 'hub.mode': 'unsubscribe' })).toBeNull();
  });

  it('resolves the live WhatsApp Enterprise channel of the path', async () => {
    const find = (found: unknown) => ({ byId: async () => found as WaentChannel | null });
    expect(await resolve(request(), find(channel))).toEqual(channel);
    expect(await resolve(request(), find({ ...channel, deletedAt: new Date() }))).toBeNull();
    expect(await resolve(request(), find({ ...channel, kind: 'web', config: {} }))).toBeNull();
    expect(await resolve({ ...request(), channelId: null }, find(channel))).toBeNull();
  });
});
