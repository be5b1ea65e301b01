import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/helpers/multipart';
import { samplePng } from '../../../test/helpers/sample-files';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';
import { attendances, contacts } from '../../db/schema/attendance';
import { automationConsumer } from '../automation-consumer/consumer';

// Triggers over WhatsApp Enterprise: a customer's message arrives by the Cloud API webhook, the automation consumer
// answers, and the trigger's message (text, image, unsupported-content notice) reaches the local Cloud API peer.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let peer: WhatsAppPeer;
let base: string;
let channelId: number;
let consumer: ReturnType<typeof automationConsumer>;
const APP_SECRET = 'gatilhos-app-secret';

const hook = () => `${base}/api/webhooks/waent/${channelId}`;

async function attendanceOf(waId: string) {
  const [row] = await ctx.db
    .select({ id: attendances.id, auto: attendances.auto })
    .from(attendances)
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
    )
    .where(and(eq(contacts.kind, 'waent'), eq(contacts.externalId, waId)));
  return row ?? null;
}

/** The customer writes; once the inbox stored it, the automation consumer reads the facts. */
async function customerWrites(
  waId: string,
  message: ReturnType<WhatsAppPeer['text']>,
  count: () => Promise<number>,
) {
  const before = await count();
  const r = await peer.deliver(hook(), peer.messagesPayload({ waId, name: `Cliente ${waId}` }, [message]), {
    appSecret: APP_SECRET,
  });
  expect(r.status).toBe(200);
  await waitFor(async () => ((await count()) > before ? true : null));
  for (let i = 0; i < 5; i++) if ((await consumer.drain()).facts === 0) break;
}

async function customerMessages(waId: string) {
  const r = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from messages m
        join attendances a on a.company_id = m.company_id and a.id = m.attendance_id
        join contacts c on c.company_id = a.company_id and c.id = a.contact_id
        where c.kind = 'waent' and c.external_id = ${waId} and m.sender_type = 0`,
  );
  return r.rows[0]?.n ?? 0;
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: true });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  http = api(ctx);
  manager = await http.login(MANAGER);
  peer = await startWhatsAppPeer();
  const sectors = await http.get('/api/sectors', { cookie: manager });
  const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const r = await http.post('/api/channels/waent', {
    cookie: manager,
    body: {
      name: 'WhatsApp com gatilhos',
      default_sector_id: sectorId,
      broker: 'meta',
      phone_number: '+55 11 99999-0001',
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: APP_SECRET,
      verify_token: 'gatilhos',
      api_base_url: peer.url,
      messages_per_second: 50,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  channelId = r.body.id as number;
  consumer = automationConsumer(ctx.deps);
  await consumer.ensure();
});
afterAll(async () => {
  await peer?.stop();
  await ctx?.close();
});

describe('triggers over WhatsApp Enterprise', () => {
  it('the menu, a keyword with an image, and the unsupported-content notice reach the customer', async () => {
    const url = (path: string) => `/api/channels/${path}/waent/${channelId}`;
    const form = multipart([
      { name: 'channel_id', value: String(channelId) },
      { name: 'channel_type', value: 'waent' },
      { name: 'file', filename: 'cardapio.png', contentType: 'image/png', data: samplePng() },
    ]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/channel/trigger_image',
      headers: { ...form.headers, cookie: manager },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const image = (JSON.parse(up.body) as { image: Record<string, unknown> }).image;

    for (const [trigger_type, params] of [
      ['menu', { message: 'Olá! Digite cardapio ou atendente.' }],
      ['unsupported_media_notification', { message: 'Não conseguimos ler esse tipo de mensagem.' }],
    ] as const) {
      const r = await http.post(url('save-other-triggers'), {
        cookie: manager,
        body: { trigger_type, params },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const saved = await http.post(url('save-triggers-text'), {
      cookie: manager,
      body: {
        triggers: [
          {
            name: 'Cardápio',
            trigger_text: 'cardapio; menu do dia',
            actions: [
              { type: 'TEXT', params: { text: 'Nosso cardápio:' } },
              { type: 'MEDIA', params: { image } },
            ],
          },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const waId = '5511988887777';
    const count = () => customerMessages(waId);
    await customerWrites(waId, peer.text(waId, 'Oi'), count);
    await expect.poll(() => peer.arrivals.map((a) => a.text)).toContain('Olá! Digite cardapio ou atendente.');
    expect((await attendanceOf(waId))?.auto).toBe(true);

    await customerWrites(waId, peer.text(waId, 'Cardápio'), count);
    await expect.poll(() => peer.arrivals.map((a) => a.text)).toContain('Nosso cardápio:');
    // The image went as a WhatsApp image message.
    await expect.poll(() => peer.sent.filter((s) => s.to === waId && s.type === 'image').length).toBe(1);

    await customerWrites(
      waId,
      { ...peer.text(waId, ''), type: 'order', order: { catalog_id: '1' } } as never,
      count,
    );
    await expect
      .poll(() => peer.arrivals.map((a) => a.text))
      .toContain('Não conseguimos ler esse tipo de mensagem.');
    // The notice answered it: the menu did not read it as an invalid option.
    expect(peer.arrivals.filter((a) => a.text === 'Olá! Digite cardapio ou atendente.').length).toBe(1);
  });
});
