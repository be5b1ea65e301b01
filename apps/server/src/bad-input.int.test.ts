import { createHmac } from 'node:crypto';
import { META_MSG } from '@prosa/shared/company-metadata';
import { MSG } from '@prosa/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../test/helpers/multipart';
import { samplePng } from '../test/helpers/sample-files';
import { ADMIN, api, createTestContext, MANAGER, OPERATOR, type TestContext } from '../test/helpers/test-app';
import { waitFor } from '../test/helpers/wait-for';
import { startWhatsAppPeer, type WhatsAppPeer } from '../test/peers/whatsapp-cloud-peer';
import { messages } from './db/schema/attendance';
import { channelEvents } from './db/schema/inbox';

// The causes of the 500s the OpenAPI sweep found, one by one (the fuzz test keeps every route free of them).
let ctx: TestContext;
let http: ReturnType<typeof api>;
let admin: string;
let operator: string;
let companyId: number;

const invalidText = { code: 'VALIDATION', message: MSG.invalidText };

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: true });
  http = api(ctx);
  admin = await http.login(ADMIN);
  operator = await http.login(OPERATOR);
  companyId = (await http.get('/api/auth/me', { cookie: admin })).body.companyId as number;
});
afterAll(() => ctx?.close());

describe('ids above the int4 column type', () => {
  it('answer 400, not 500, in a path, a query and a body, signed in or not', async () => {
    const big = 2 ** 31;
    const calls = [
      http.get(`/api/companies/${big}`, { cookie: admin }),
      http.get(`/api/webhooks/waent/${big}`),
      http.post(`/api/webhooks/waent/${big}`, { body: {} }),
      http.get(`/api/attendances?sector_id=${big}`, { cookie: operator }),
      http.get(`/api/statuses?sector_id=${big}`, { cookie: operator }),
      http.post('/api/pause/reason', { cookie: operator, body: { reason_id: big } }),
      http.post('/api/persons/1/merge', { cookie: admin, body: { from_id: big } }),
      http.post('/api/attendances/1/switch-operator', { cookie: admin, body: { operator_id: big } }),
    ];
    for (const r of await Promise.all(calls)) {
      expect(r.status, `${r.res.raw.req.url} ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.code).toBe('VALIDATION');
    }
    const inPath = await http.get(`/api/companies/${big}`, { cookie: admin });
    expect(inPath.body.message).toBe(MSG.notFound);
  });

  it('attendance ids are bigint: past 2^31 they are only not found', async () => {
    const r = await http.get(`/api/attendances/${2 ** 31}`, { cookie: admin });
    expect(r.status).toBe(404);
    const tooBig = await http.get(`/api/attendances/${2 ** 53}`, { cookie: admin });
    expect(tooBig.status).toBe(400);
  });
});

describe('the NUL character', () => {
  it('in a text field is refused with a Portuguese 400 and changes nothing', async () => {
    const before = await http.get(`/api/companies/${companyId}/sectors`, { cookie: admin });
    const r = await http.post(`/api/companies/${companyId}/sectors`, {
      cookie: admin,
      body: { name: 'Vendas\u0000' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(invalidText);
    const after = await http.get(`/api/companies/${companyId}/sectors`, { cookie: admin });
    expect(after.body).toEqual(before.body);
  });

  it('in a query or path is refused the same way', async () => {
    for (const url of [
      '/api/pause-reasons?search=%00',
      '/api/knowledge/tags?term=%00',
      '/api/webchat/a%00b/config',
    ]) {
      const r = await http.get(url, { cookie: operator });
      expect(r.status, url).toBe(400);
      expect(r.body, url).toEqual(invalidText);
    }
  });

  it('as a JSON escape deep inside a body is refused too', async () => {
    const r = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/settings',
      headers: { cookie: operator, 'content-type': 'application/json' },
      payload: '{"history_columns":["cpf\\u0000"],"card_view":"list"}',
    });
    expect(r.statusCode).toBe(400);
    expect(JSON.parse(r.body)).toEqual(invalidText);
  });

  it('in a multipart file name or text field is refused', async () => {
    const avatar = multipart([
      { name: 'file', filename: 'eu\u0000.png', contentType: 'image/png', data: samplePng() },
    ]);
    const a = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/me/avatar',
      headers: { ...avatar.headers, cookie: operator },
      payload: avatar.payload,
    });
    // The avatar route answers its own "send an image" text for any unreadable upload; nothing is saved.
    expect(a.statusCode).toBe(400);
    const me = await http.get('/api/auth/me', { cookie: operator });
    expect(me.body.avatarUrl).toBeNull();
    const media = multipart([
      { name: 'header_type', value: 'image\u0000' },
      { name: 'file', filename: 'logo.png', contentType: 'image/png', data: samplePng() },
    ]);
    const h = await ctx.app.inject({
      method: 'POST',
      url: '/api/hsm-upload',
      headers: { ...media.headers, cookie: admin },
      payload: media.payload,
    });
    expect(h.statusCode).toBe(400);
    expect(JSON.parse(h.body)).toEqual(invalidText);
  });

  it('JSON nested deeper than any form of ours is refused, not a stack overflow', async () => {
    const r = await ctx.app.inject({
      method: 'PUT',
      url: '/api/company/metadata',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: `{"a":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
    });
    expect(r.statusCode).toBe(400);
    expect(JSON.parse(r.body)).toEqual({ code: 'VALIDATION', message: MSG.invalidRequest });
  });
});

describe('company metadata, read by most requests', () => {
  it('refuses an object past its size limit, unknown keys included, and keeps the saved one', async () => {
    const meta = (await http.get('/api/company/metadata', { cookie: admin })).body;
    const r = await http.put('/api/company/metadata', {
      cookie: admin,
      body: { ...meta, extra: 'x'.repeat(100_000) },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(META_MSG.tooLarge);
    expect((await http.get('/api/company/metadata', { cookie: admin })).body).toEqual(meta);
  });
});

describe('MFA challenge ids that are not uuids', () => {
  it('answer as an expired challenge, like an unknown one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const url of ['/api/users/check-mfa-code', '/api/auth/mfa/resend']) {
      const expired = await http.post(url, { body: { challengeId: unknown, code: '123456' } });
      expect(expired.status, url).toBe(401);
      expect(expired.body, url).toEqual({ code: 'MFA_INVALID', message: MSG.mfaChallengeExpired });
      for (const challengeId of ['nao-e-uuid', '2147483648', 'x'.repeat(100)]) {
        const r = await http.post(url, { body: { challengeId, code: '123456' } });
        expect(r.status, `${url} ${challengeId}`).toBe(401);
        expect(r.body).toEqual(expired.body);
      }
    }
  });
});

describe('a NUL inside a signed WhatsApp webhook', () => {
  let peer: WhatsAppPeer;
  afterAll(() => peer?.stop());

  it('is stripped: the event is kept and the message arrives without it', async () => {
    peer = await startWhatsAppPeer();
    const manager = await http.login(MANAGER);
    const sectors = await http.get('/api/sectors', { cookie: manager });
    const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id;
    const appSecret = 'segredo-do-app-meta';
    const channel = await http.post('/api/channels/waent', {
      cookie: manager,
      body: {
        name: 'WhatsApp NUL',
        default_sector_id: sectorId,
        broker: 'meta',
        phone_number_id: peer.phoneNumberId,
        waba_id: peer.wabaId,
        access_token: peer.accessToken,
        app_secret: appSecret,
        verify_token: 'verifica',
        api_base_url: peer.url,
      },
    });
    expect(channel.status, JSON.stringify(channel.body)).toBe(200);
    const wamid = 'wamid.NUL-1';
    const payload = peer.messagesPayload({ waId: '5511955550001', name: 'Cli\u0000ente' }, [
      peer.text('5511955550001', 'ol\u0000á', wamid),
    ]);
    const raw = Buffer.from(JSON.stringify(payload));
    const r = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/waent/${channel.body.id}`,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`,
      },
      payload: raw,
    });
    expect(r.statusCode).toBe(200);
    const events = await ctx.db
      .select()
      .from(channelEvents)
      .where(eq(channelEvents.channelId, channel.body.id as number));
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0]?.payload)).not.toContain('\\u0000');
    const stored = await waitFor(async () => {
      const id = `waent:${channel.body.id}:${wamid}`;
      const [m] = await ctx.db.select().from(messages).where(eq(messages.messageId, id));
      return m;
    });
    expect(stored.text).toBe('olá');
  });
});
