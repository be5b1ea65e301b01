import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppWebPeer, type WhatsAppWebPeer } from '../../../test/peers/whatsapp-web';
import { createInboxWriter } from '../../channels/inbound/accept';
import { type ChannelServer, startChannelServer } from '../../channels/waweb/channel-server';
import { buildControlApp } from '../../channels/waweb/control-app';
import { controlToken } from '../../channels/waweb/control-token';
import { createControlWebhooks } from '../../channels/waweb/control-webhooks';
import { attendances, contacts } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { domainEvents } from '../../db/schema/facts';
import { refreshProfilePicture } from './refresh-profile-picture';
import { claimDuePictures } from './repository';

// WhatsApp profile pictures on the cards of a number by QR (issue 13, spec 1 §3 profile_pic_public_path): the
// real Baileys session on a channel server asks the fake WhatsApp Web server for a new customer's picture, the
// job downloads it from the peer's media host through the outbound guard and the card shows it by a signed URL —
// only with the company's whatsapp-profile-picture flag on.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let peer: WhatsAppWebPeer;
let numberId: number;
let companyId: number;
let cs: ChannelServer;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(900)]);

async function setFlag(on: boolean) {
  const meta = (await http.get('/api/company/metadata', { cookie: manager })).body as {
    allow: Record<string, unknown>;
  };
  const saved = await http.put('/api/company/metadata', {
    cookie: manager,
    body: { ...meta, allow: { ...meta.allow, 'whatsapp-profile-picture': on } },
  });
  expect(saved.status).toBe(200);
}

/** The customer's open card as the API answers it, once the inbox opened it. */
async function cardOf(phone: string) {
  const row = await waitFor(async () => {
    const [a] = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.companyId, companyId), eq(attendances.cardId, `waweb_${numberId}_${phone}`)));
    return a;
  });
  const res = await http.get(`/api/attendances/${row.id}`, { cookie: manager });
  expect(res.status).toBe(200);
  return res.body as { id: number; profile_pic_public_path: string | null };
}

/** The picture job of a customer, once it ended (completed or failed). */
async function pictureJobOf(phone: string) {
  const [contact] = await ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.externalId, phone)));
  if (!contact) throw new Error('contato não criado');
  return waitFor(async () => {
    const r = await ctx.db.execute<{ state: string }>(
      sql`select state from pgboss.job where name = 'contacts.profile-picture'
            and (data->>'contactId')::int = ${contact.id} and state in ('completed', 'failed')`,
    );
    return r.rows[0]?.state;
  });
}

const pictureQueries = (phone: string) =>
  peer
    .stanzas()
    .filter(
      (n) =>
        n.tag === 'iq' &&
        n.attrs.xmlns === 'w:profile:picture' &&
        n.attrs.target === `${phone}@s.whatsapp.net`,
    ).length;

beforeAll(async () => {
  ctx = await createTestContext({ inbox: true });
  http = api(ctx);
  manager = await http.login(MANAGER);
  peer = await startWhatsAppWebPeer();
  const sectors = await http.get('/api/sectors', { cookie: manager });
  const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const created = await http.post('/api/channels/waweb', {
    cookie: manager,
    body: { name: 'Fotos QR', sector_id: sectorId },
  });
  numberId = created.body.id as number;
  const [ch] = await ctx.db.select().from(channels).where(eq(channels.id, numberId));
  companyId = ch?.companyId ?? 0;
  expect((await http.post(`/api/channels/waweb/${numberId}/start`, { cookie: manager })).status).toBe(200);
  cs = startChannelServer({
    db: ctx.db,
    url: ctx.url,
    appSecret: ctx.deps.appSecret,
    writer: createInboxWriter(ctx.db),
    publicUrl: 'http://127.0.0.1:1',
    id: 'cs-fotos',
    tickMs: 200,
    leaseMs: 2000,
    waWebSocketUrl: peer.url,
  });
  await cs.ready;
  const qr = await waitFor(async () => cs.sessions().get(numberId)?.qr ?? undefined);
  await peer.scan(qr);
  await waitFor(async () => cs.sessions().get(numberId)?.state === 'CONNECTED');
});
afterAll(async () => {
  await cs?.stop();
  await peer?.stop();
  await ctx?.close();
});

describe('WhatsApp profile pictures on cards', () => {
  it('with the flag off, a new customer’s card has no picture and WhatsApp is not asked for it', async () => {
    peer.setProfilePicture('5511900000001', PNG);
    await peer.sendText({ from: '5511900000001', text: 'Oi, sem foto por favor' });
    const card = await cardOf('5511900000001');
    expect(await pictureJobOf('5511900000001')).toBe('completed');
    expect(card.profile_pic_public_path).toBeNull();
    expect((await cardOf('5511900000001')).profile_pic_public_path).toBeNull();
    expect(pictureQueries('5511900000001')).toBe(0);
  });

  it('with the flag on, a new customer’s card shows their picture, with the bytes WhatsApp has', async () => {
    await setFlag(true);
    peer.setProfilePicture('5511900000002', PNG);
    await peer.sendText({ from: '5511900000002', text: 'Oi, tenho foto' });
    await cardOf('5511900000002');
    const path = await waitFor(
      async () => (await cardOf('5511900000002')).profile_pic_public_path ?? undefined,
    );
    expect(path).toMatch(/^\/api\/files\/contacts\//);
    // The signed URL serves what the customer's phone has as their picture.
    const file = await ctx.app.inject({ method: 'GET', url: path });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
    // In the list of open cards too.
    const list = (await http.get('/api/attendances', { cookie: manager })).body as unknown as {
      items: { card_id: string; profile_pic_public_path: string | null }[];
    };
    const listed = list.items.find((c) => c.card_id === `waweb_${numberId}_5511900000002`);
    expect(listed?.profile_pic_public_path).toBe(path);
    // Open screens are told: the card changed (attendance.updated feeds the realtime fan-out).
    const facts = await ctx.db
      .select()
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.attendanceId, (await cardOf('5511900000002')).id),
          eq(domainEvents.name, 'attendance.updated'),
        ),
      );
    expect(facts.map((f) => f.data)).toContainEqual({ fields: ['profile_pic_public_path'] });
  });

  it('a customer without a picture, or who hides it, keeps the initials and the job ends without an error', async () => {
    peer.setProfilePicture('5511900000004', 'hidden');
    await peer.sendText({ from: '5511900000003', text: 'Oi, não tenho foto' });
    await peer.sendText({ from: '5511900000004', text: 'Oi, escondo a foto' });
    for (const phone of ['5511900000003', '5511900000004']) {
      await cardOf(phone);
      expect(await pictureJobOf(phone)).toBe('completed');
      expect(pictureQueries(phone)).toBe(1);
      expect((await cardOf(phone)).profile_pic_public_path).toBeNull();
      const [contact] = await ctx.db.select().from(contacts).where(eq(contacts.externalId, phone));
      expect(contact?.profilePicKey).toBeNull();
    }
  });

  it('a returning customer’s new conversation shows the picture they had', async () => {
    const phone = '5511900000007';
    peer.setProfilePicture(phone, PNG);
    await peer.sendText({ from: phone, text: 'Primeira conversa' });
    const first = await cardOf(phone);
    await waitFor(async () => (await cardOf(phone)).profile_pic_public_path ?? undefined);
    await ctx.db
      .update(attendances)
      .set({ closedAt: new Date() })
      .where(and(eq(attendances.companyId, companyId), eq(attendances.id, first.id)));
    await peer.sendText({ from: phone, text: 'Voltei' });
    const second = await waitFor(async () => {
      const [a] = await ctx.db
        .select()
        .from(attendances)
        .where(
          and(
            eq(attendances.companyId, companyId),
            eq(attendances.cardId, `waweb_${numberId}_${phone}`),
            isNull(attendances.closedAt),
          ),
        );
      return a;
    });
    const path = await waitFor(async () => {
      const res = await http.get(`/api/attendances/${second.id}`, { cookie: manager });
      return (res.body as { profile_pic_public_path: string | null }).profile_pic_public_path ?? undefined;
    });
    const file = await ctx.app.inject({ method: 'GET', url: path });
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
  });

  it('asks for a contact’s picture at most once a day, however many messages arrive', async () => {
    const [contact] = await ctx.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.externalId, '5511900000002')));
    if (!contact) throw new Error('contato não criado');
    const claim = () =>
      claimDuePictures(ctx.db, {
        companyId,
        kind: 'waweb',
        channelId: numberId,
        externalIds: ['5511900000002'],
      });
    expect(await claim()).toEqual([]);
    // A day later it is due again.
    await ctx.db
      .update(contacts)
      .set({ profilePicCheckedAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contact.id)));
    expect(await claim()).toEqual([contact.id]);
    expect(await claim()).toEqual([]);
  });

  it('a new picture replaces the old one, and with the flag off the kept picture is dropped', async () => {
    const phone = '5511900000002';
    const [contact] = await ctx.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.externalId, phone)));
    if (!contact?.profilePicKey) throw new Error('contato sem foto');
    const oldKey = contact.profilePicKey;
    const newer = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(700)]);
    peer.setProfilePicture(phone, newer);
    const ref = { companyId, contactId: contact.id };
    expect(await refreshProfilePicture(ctx.deps, ref)).toBe('stored');
    const path = (await cardOf(phone)).profile_pic_public_path ?? '';
    const file = await ctx.app.inject({ method: 'GET', url: path });
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(file.rawPayload, newer)).toBe(0);
    expect(await ctx.deps.storage.get(oldKey)).toBeNull();

    await setFlag(false);
    expect(await refreshProfilePicture(ctx.deps, ref)).toBe('off');
    expect((await cardOf(phone)).profile_pic_public_path).toBeNull();
    const [after] = await ctx.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(after?.profilePicKey).toBeNull();
    await setFlag(true);
  });

  it('the holder answers the control call with the picture’s address, only with the control token', async () => {
    const app = await buildControlApp(ctx.deps, {
      server: cs,
      webhooks: createControlWebhooks(ctx.deps.outbound),
    });
    try {
      const call = (body: unknown, token: string | null = controlToken(ctx.deps.appSecret)) =>
        app.inject({
          method: 'POST',
          url: '/api/profile-picture',
          headers: token ? { authorization: `Bearer ${token}` } : {},
          payload: body as Record<string, unknown>,
        });
      const url = peer.setProfilePicture('5511900000005', PNG);
      const found = await call({ id: numberId, jid: '5511900000005@s.whatsapp.net' });
      expect(found.statusCode).toBe(200);
      expect(found.json()).toEqual({ url });
      const none = await call({ id: numberId, jid: '5511900000006@s.whatsapp.net' });
      expect(none.json()).toEqual({ url: null });
      expect((await call({ id: numberId, jid: '5511900000005@s.whatsapp.net' }, null)).statusCode).toBe(401);
      const bad = await call({ id: 'x', jid: '' });
      expect(bad.statusCode).toBe(400);
      // A number this server does not run: refused, nothing asked.
      const elsewhere = await call({ id: numberId + 1000, jid: '5511900000005@s.whatsapp.net' });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().message).toBe('Canal não está rodando');
    } finally {
      await app.close();
    }
  });
});
