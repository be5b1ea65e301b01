import { META_MSG } from '@prosa/shared/meta';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/helpers/multipart';
import { sampleJpeg, sampleMp3, sampleMp4, samplePdf, samplePng } from '../../../test/helpers/sample-files';
import {
  ADMIN,
  api,
  createTestContext,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { type GraphApiPeer, startGraphApiPeer } from '../../../test/peers/graph-api/peer';
import { ev, sign, webhookBody } from '../../../test/peers/graph-api/webhooks';
import { faAdapter } from '../../channels/fa/adapter';
import { channelCtx } from '../../channels/port';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { channelEvents } from '../../db/schema/inbox';
import { users } from '../../db/schema/users';
import { encryptSecret } from '../../platform/crypto';
import { refreshProfilePicture } from '../profile-pictures/refresh-profile-picture';

// Messenger and Instagram end to end: the Graph API peer signs webhooks for the app's one URL, the real inbox
// stores them, operators answer through the durable send path, and the peer receives the Send API calls.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let admin: string;
let operator: string;
let other: string;
let peer: GraphApiPeer;
let base: string;
let companyId: number;
let otherCompanyId: number;
let faId: number;
let instaId: number;
let otherFaId: number;
const PAGE = '1071000001';
const IG = '17841400000001';
const OTHER_PAGE = '1071000999';
const PAGE_TOKEN = 'EAAP-page-token-loja';
const VERIFY = 'verifica-meta-123';

async function companyOf(email: string) {
  const [u] = await ctx.db.select({ c: users.companyId }).from(users).where(eq(users.email, email));
  return u?.c ?? 0;
}

async function sectorOf(cookie: string) {
  const r = await http.get('/api/sectors', { cookie });
  return (r.body as unknown as { id: number }[])[0]?.id ?? 0;
}

async function insertChannel(v: {
  companyId: number;
  kind: 'fa' | 'insta';
  routeKey: string;
  name: string;
  sectorId: number;
  config: Record<string, unknown>;
  token: string;
}) {
  const [row] = await ctx.db
    .insert(channels)
    .values({
      companyId: v.companyId,
      kind: v.kind,
      name: v.name,
      defaultSectorId: v.sectorId,
      routeKey: v.routeKey,
      config: v.config,
      secretsSealed: { page_access_token: encryptSecret(v.token, ctx.deps.appSecret) },
    })
    .returning({ id: channels.id });
  return row?.id ?? 0;
}

beforeAll(async () => {
  peer = await startGraphApiPeer({
    pages: [
      { id: PAGE, name: 'Loja Prosa', accessToken: PAGE_TOKEN, instagram: { id: IG, username: 'lojaprosa' } },
      { id: OTHER_PAGE, name: 'Outra Loja', accessToken: 'EAAP-other' },
    ],
    people: [
      { id: '7001', first_name: 'Joana', last_name: 'Silva', profile_pic: 'https://cdn.test/joana.jpg' },
      { id: '9001', name: 'Carla Souza', username: 'carla.souza', profile_pic: 'https://cdn.test/carla.jpg' },
    ],
  });
  ctx = await createTestContext({
    queue: false,
    inbox: true,
    env: {
      FACEBOOK_APP_ID: peer.appId,
      FACEBOOK_APP_SECRET: peer.appSecret,
      FACEBOOK_VERIFY_TOKEN: VERIFY,
      FACEBOOK_GRAPH_URL: peer.url,
      FACEBOOK_DIALOG_URL: peer.url,
    },
  });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  http = api(ctx);
  admin = await http.login(ADMIN);
  operator = await http.login(OPERATOR);
  other = await http.login(OTHER_ADMIN);
  companyId = await companyOf(ADMIN);
  otherCompanyId = await companyOf(OTHER_ADMIN);
  const faConfig = (id: string, name: string) => ({
    page_id: id,
    page_name: name,
    state: 'subscribed',
    needs_reauth: false,
    instagram_id: id === PAGE ? IG : null,
    username_instagram: id === PAGE ? 'lojaprosa' : null,
  });
  const sectorId = await sectorOf(admin);
  faId = await insertChannel({
    companyId,
    kind: 'fa',
    routeKey: PAGE,
    name: 'Loja Prosa',
    sectorId,
    config: faConfig(PAGE, 'Loja Prosa'),
    token: PAGE_TOKEN,
  });
  instaId = await insertChannel({
    companyId,
    kind: 'insta',
    routeKey: IG,
    name: 'lojaprosa',
    sectorId,
    config: { account_id: IG, username: 'lojaprosa', page_id: PAGE, iagree: true },
    token: PAGE_TOKEN,
  });
  otherFaId = await insertChannel({
    companyId: otherCompanyId,
    kind: 'fa',
    routeKey: OTHER_PAGE,
    name: 'Outra Loja',
    sectorId: await sectorOf(other),
    config: faConfig(OTHER_PAGE, 'Outra Loja'),
    token: 'EAAP-other',
  });
});
afterAll(async () => {
  await peer?.stop();
  await ctx?.close();
});

const fbHook = () => `${base}/api/webhooks/facebook`;
const igHook = () => `${base}/api/webhooks/instagram`;

async function attendanceOf(kind: 'fa' | 'insta', psid: string) {
  const [row] = await ctx.db
    .select({ id: attendances.id, protocol: attendances.protocol, channelId: attendances.channelId })
    .from(attendances)
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
    )
    .where(and(eq(contacts.kind, kind), eq(contacts.externalId, psid)));
  return row ?? null;
}

async function messagesOf(attendanceId: number) {
  return ctx.db.select().from(messages).where(eq(messages.attendanceId, attendanceId)).orderBy(messages.id);
}

async function inboxDrained() {
  await waitFor(async () => {
    const [r] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(channelEvents)
      .where(sql`${channelEvents.processedAt} is null`);
    return r?.n === 0;
  });
}

async function eventCount() {
  const [r] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(channelEvents);
  return r?.n ?? 0;
}

/** A person who wrote to the page now, and their attendance. */
async function personWhoWrote(psid: string, kind: 'fa' | 'insta' = 'fa') {
  const statuses =
    kind === 'fa'
      ? await peer.deliver(fbHook(), 'page', [
          ev.text({ user: psid, to: PAGE, text: 'Oi, preciso de ajuda' }),
        ])
      : await peer.deliver(igHook(), 'instagram', [
          ev.text({ user: psid, to: IG, text: 'Oi pelo Instagram' }),
        ]);
  expect(statuses).toEqual([200]);
  return waitFor(() => attendanceOf(kind, psid));
}

const reply = (attendanceId: number, body: Record<string, unknown>, cookie = admin) =>
  http.post(`/api/attendances/${attendanceId}/messages`, { cookie, body });

describe('the app webhook (verification and signature)', () => {
  it('answers the challenge with the app verify token, 403 otherwise', async () => {
    for (const hook of [fbHook(), igHook()]) {
      const ok = await fetch(`${hook}?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=8817`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe('8817');
      const bad = await fetch(`${hook}?hub.mode=subscribe&hub.verify_token=errado&hub.challenge=1`);
      expect(bad.status).toBe(403);
    }
  });

  it('refuses a wrong or missing signature with 401 and stores nothing', async () => {
    const before = await eventCount();
    const body = webhookBody('page', [ev.text({ user: 'intruso', to: PAGE, text: 'forjada' })]);
    expect((await peer.post(fbHook(), body, sign('outro-segredo', JSON.stringify(body)))).status).toBe(401);
    expect((await peer.post(fbHook(), body, '')).status).toBe(401);
    expect(await eventCount()).toBe(before);
    // The generic per-channel route does not take Meta's events either.
    expect((await peer.post(`${base}/api/webhooks/fa/${faId}`, body)).status).toBe(401);
    expect(await attendanceOf('fa', 'intruso')).toBeNull();
  });
});

describe('Messenger inbound', () => {
  it('stores every type once, duplicated and reordered; echoes are ignored', async () => {
    const psid = '7001';
    const at = Date.now() - 60_000;
    const png = peer.hostFile(samplePng(), 'image/png', 'foto.png');
    const pdf = peer.hostFile(samplePdf(), 'application/pdf', 'boleto.pdf');
    const jpg = peer.hostFile(sampleJpeg(), 'image/jpeg', 'outra.jpg');
    const mp4 = peer.hostFile(sampleMp4(), 'video/mp4', 'video.mp4');
    const mp3 = peer.hostFile(sampleMp3(), 'audio/mpeg', 'audio.mp3');
    const events = [
      ev.referral({ user: psid, to: PAGE, ref: 'promo-natal', source: 'ADS', ad_id: '2385', at }),
      ev.text({ user: psid, to: PAGE, text: 'Olá, vi o anúncio', at: at + 1 }),
      ev.media({ user: psid, to: PAGE, type: 'image', url: png, at: at + 2 }),
      ev.media({ user: psid, to: PAGE, type: 'file', url: pdf, at: at + 3 }),
      ev.media({ user: psid, to: PAGE, type: 'image', url: jpg, at: at + 4 }),
      ev.media({ user: psid, to: PAGE, type: 'video', url: mp4, at: at + 4 }),
      ev.media({ user: psid, to: PAGE, type: 'audio', url: mp3, at: at + 4 }),
      ev.postback({ user: psid, to: PAGE, title: 'Falar com atendente', payload: 'HUMANO', at: at + 5 }),
      ev.echo({ user: psid, to: PAGE, text: 'resposta pela caixa da página', at: at + 6 }),
    ];
    const statuses = await peer.deliver(fbHook(), 'page', events, {
      batch: 2,
      duplicate: true,
      reorder: true,
    });
    expect(statuses.every((s) => s === 200)).toBe(true);
    const att = await waitFor(() => attendanceOf('fa', psid));
    await waitFor(async () => (await messagesOf(att.id)).length >= 8);
    await inboxDrained();
    const stored = await messagesOf(att.id);
    expect(stored).toHaveLength(8);
    expect(stored.map((m) => m.text).sort()).toEqual(
      [
        '',
        '',
        '',
        '',
        '',
        'Contato vindo de ADS (promo-natal)',
        'Falar com atendente',
        'Olá, vi o anúncio',
      ].sort(),
    );
    // Not in this attendance, nor anywhere else (as a message of the page to itself).
    const echoes = await ctx.db
      .select({ id: messages.id })
      .from(messages)
      .where(sql`${messages.text} like '%caixa da página%'`);
    expect(echoes).toEqual([]);
    expect(await attendanceOf('fa', PAGE)).toBeNull();
    const files = stored.flatMap((m) => m.attachments as { mimeType: string; originalName: string }[]);
    expect(files.map((f) => f.mimeType).sort()).toEqual([
      'application/pdf',
      'audio/mpeg',
      'image/jpeg',
      'image/png',
      'video/mp4',
    ]);
    expect(files.map((f) => f.originalName).sort()).toEqual([
      'audio.mp3',
      'boleto.pdf',
      'foto.png',
      'outra.jpg',
      'video.mp4',
    ]);
    const postback = stored.find((m) => m.text === 'Falar com atendente');
    expect(postback?.metadata.postback).toEqual({ payload: 'HUMANO', title: 'Falar com atendente' });
    expect(att.channelId).toBe(faId);
  });

  it('names a new person by their Graph profile; one the Graph API does not answer keeps the id', async () => {
    const contactOf = async (kind: 'fa' | 'insta', id: string) =>
      (
        await ctx.db
          .select({ name: contacts.name, data: contacts.data })
          .from(contacts)
          .where(and(eq(contacts.kind, kind), eq(contacts.externalId, id)))
      )[0];
    expect(await contactOf('fa', '7001')).toMatchObject({
      name: 'Joana Silva',
      data: { psid: '7001', profile_pic: 'https://cdn.test/joana.jpg' },
    });
    await personWhoWrote('9001', 'insta');
    expect((await contactOf('insta', '9001'))?.name).toBe('Carla Souza');
    await personWhoWrote('7299');
    expect((await contactOf('fa', '7299'))?.name).toBe('7299');
  });

  it('answers the referrals of an attendance by its protocol, to its company only', async () => {
    const att = await waitFor(() => attendanceOf('fa', '7001'));
    const r = await http.get(`/api/referral-tracking/${att.protocol}`, { cookie: operator });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      protocol: att.protocol,
      referrals: [{ source: 'ADS', type: 'OPEN_THREAD', ref: 'promo-natal', ad_id: '2385' }],
    });
    expect((await http.get(`/api/referral-tracking/${att.protocol}`, { cookie: other })).status).toBe(404);
    expect((await http.get(`/api/referral-tracking/${att.protocol}`)).status).toBe(401);
    const bad = await http.get('/api/referral-tracking/%27%3B%20drop', { cookie: operator });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Protocolo inválido.');
  });

  it('resolves each entry to the company that connected that page, never another', async () => {
    const statuses = await peer.deliver(fbHook(), 'page', [
      ev.text({ user: '7101', to: OTHER_PAGE, text: 'para a outra loja' }),
      ev.text({ user: '7102', to: '1071999999', text: 'página de ninguém' }),
    ]);
    expect(statuses).toEqual([200]);
    const att = await waitFor(() => attendanceOf('fa', '7101'));
    expect(att.channelId).toBe(otherFaId);
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.id, att.id));
    expect(row?.companyId).toBe(otherCompanyId);
    await inboxDrained();
    expect(await attendanceOf('fa', '7102')).toBeNull();
  });
});

describe('Messenger outbound (Send API)', () => {
  it('answers within 24 h as RESPONSE, truncated to 1,900 characters; a read watermark marks it Read', async () => {
    const psid = '7201';
    const att = await personWhoWrote(psid);
    const before = peer.sends.length;
    const r = await reply(att.id, { message: 'x'.repeat(2500) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(peer.sends.length).toBe(before + 1);
    const sent = peer.sends.at(-1);
    expect(sent?.sender).toBe(PAGE);
    expect(sent?.token).toBe(PAGE_TOKEN);
    expect(sent?.body).toMatchObject({ recipient: { id: psid }, messaging_type: 'RESPONSE' });
    expect(sent?.body.tag).toBeUndefined();
    expect((sent?.body.message as { text?: string } | undefined)?.text).toHaveLength(1900);
    const [ours] = await ctx.db
      .select()
      .from(messages)
      .where(eq(messages.providerMessageId, sent?.mid ?? ''));
    expect(ours?.delivery).toBe('sent');

    expect(
      await peer.deliver(fbHook(), 'page', [ev.read({ user: psid, to: PAGE, watermark: Date.now() })]),
    ).toEqual([200]);
    await waitFor(async () => {
      const [m] = await ctx.db
        .select()
        .from(messages)
        .where(eq(messages.providerMessageId, sent?.mid ?? ''));
      return m?.delivery === 'read';
    });
  });

  it('uses the HUMAN_AGENT tag after 24 h and refuses after 7 days before storing anything', async () => {
    const psid = '7202';
    const att = await personWhoWrote(psid);
    const ago = (h: number) =>
      ctx.db
        .update(attendances)
        .set({ latestContactChatMessageAt: new Date(Date.now() - h * 3_600_000) })
        .where(eq(attendances.id, att.id));
    await ago(72);
    const r = await reply(att.id, { message: 'Retomando seu pedido' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(peer.sends.at(-1)?.body).toMatchObject({
      recipient: { id: psid },
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
      message: { text: 'Retomando seu pedido' },
    });
    await ago(24 * 8);
    const sends = peer.sends.length;
    const stored = (await messagesOf(att.id)).length;
    const late = await reply(att.id, { message: 'Tarde demais' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(META_MSG.windowClosed);
    expect(late.body.message).toContain('Fora da janela de 7 dias do Facebook');
    expect(peer.sends.length).toBe(sends);
    expect((await messagesOf(att.id)).length).toBe(stored);
  });

  it('uploads a file to message_attachments and sends it by attachment_id, then the text', async () => {
    const att = await personWhoWrote('7203');
    const body = multipart([
      { name: 'file', filename: 'catalogo.png', data: samplePng(), contentType: 'image/png' },
    ]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/attendances/${att.id}/upload`,
      headers: { ...body.headers, cookie: admin },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const ref = (JSON.parse(up.body) as { file: unknown }).file;
    const sends = peer.sends.length;
    const r = await reply(att.id, { message: 'Nosso catálogo', attachments: [ref] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const upload = peer.uploads.at(-1);
    expect(upload?.data.equals(samplePng())).toBe(true);
    expect(upload).toMatchObject({ sender: PAGE, type: 'image', mimeType: 'image/png' });
    expect(peer.sends.slice(sends).map((s) => s.body.message)).toEqual([
      { attachment: { type: 'image', payload: { attachment_id: upload?.id } } },
      { text: 'Nosso catálogo' },
    ]);
  });

  it('maps Graph errors: other codes show the provider message; 190 marks the page needs_reauth', async () => {
    const att = await personWhoWrote('7204');
    peer.failNextSends({ code: 551, message: '(#551) Esta pessoa não está disponível no momento.' });
    const r1 = await reply(att.id, { message: 'Olá' });
    expect(r1.status).toBe(200);
    const [m1] = await ctx.db
      .select()
      .from(messages)
      .where(eq(messages.id, Number((r1.body.message as { id: number }).id)));
    expect(m1?.delivery).toBe('error');
    expect(m1?.error).toContain('Esta pessoa não está disponível no momento.');
    const config = async () => (await ctx.db.select().from(channels).where(eq(channels.id, faId)))[0]?.config;
    expect((await config())?.needs_reauth).toBe(false);

    peer.failNextSends({ code: 190, type: 'OAuthException', message: 'Error validating access token' });
    const r2 = await reply(att.id, { message: 'De novo' });
    expect(r2.status).toBe(200);
    const [m2] = await ctx.db
      .select()
      .from(messages)
      .where(eq(messages.id, Number((r2.body.message as { id: number }).id)));
    expect(m2?.delivery).toBe('error');
    expect(m2?.error).toContain(META_MSG.relink);
    expect((await config())?.needs_reauth).toBe(true);
    // Until an admin authenticates again, a reply is refused before it is stored.
    await waitFor(async () => {
      const r = await reply(att.id, { message: 'Mais uma' });
      return r.status === 400 && r.body.message === META_MSG.reauth;
    });
    await ctx.db
      .update(channels)
      .set({ config: sql`${channels.config} || '{"needs_reauth": false}'::jsonb` })
      .where(eq(channels.id, faId));
    ctx.deps.channelRepository.drop(faId);
  });
});

describe('Instagram Direct', () => {
  it('stores story replies and mentions with quotedStory, and reactions on our messages', async () => {
    const igUser = '9002';
    const att = await personWhoWrote(igUser, 'insta');
    expect(att.channelId).toBe(instaId);
    const r = await reply(att.id, { message: 'Oi! Como podemos ajudar?' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const sent = peer.sends.at(-1);
    expect(sent).toMatchObject({ sender: IG, token: PAGE_TOKEN, body: { messaging_type: 'RESPONSE' } });
    const events = [
      ev.storyReply({
        user: igUser,
        to: IG,
        text: 'Que lindo!',
        storyUrl: peer.hostFile(sampleJpeg(), 'image/jpeg', 's1.jpg'),
        storyId: 'st-1',
      }),
      ev.storyMention({ user: igUser, to: IG, storyUrl: 'https://cdn.test/story-2.jpg' }),
      ev.reaction({ user: igUser, to: IG, mid: sent?.mid ?? '', emoji: '❤️' }),
    ];
    expect(await peer.deliver(igHook(), 'instagram', events, { duplicate: true })).toEqual([200, 200]);
    await waitFor(async () => (await messagesOf(att.id)).length >= 4);
    await inboxDrained();
    const stored = await messagesOf(att.id);
    const quoted = stored.filter((m) => m.metadata.quotedStory);
    expect(quoted.map((m) => [m.text, m.metadata.quotedStory])).toEqual([
      ['Que lindo!', { url: expect.stringContaining('/files/'), id: 'st-1' }],
      [META_MSG.storyMention, { url: 'https://cdn.test/story-2.jpg', id: expect.any(String) }],
    ]);
    await waitFor(async () => {
      const [ours] = await ctx.db
        .select()
        .from(messages)
        .where(eq(messages.providerMessageId, sent?.mid ?? ''));
      return (ours?.metadata.reactions as { emoji: string }[] | undefined)?.[0]?.emoji === '❤️';
    });
    expect(stored).toHaveLength(4);

    // Instagram names the message read: ours turns Read; one sent from the Instagram app (not ours) is dropped,
    // never holding the person's later events.
    expect(
      await peer.deliver(igHook(), 'instagram', [
        ev.igRead({ user: igUser, to: IG, mid: 'enviada-pelo-app' }),
        ev.igRead({ user: igUser, to: IG, mid: sent?.mid ?? '' }),
        ev.text({ user: igUser, to: IG, text: 'Obrigada!' }),
      ]),
    ).toEqual([200]);
    await waitFor(async () => (await messagesOf(att.id)).some((m) => m.text === 'Obrigada!'));
    await inboxDrained();
    const [ours] = await ctx.db
      .select()
      .from(messages)
      .where(eq(messages.providerMessageId, sent?.mid ?? ''));
    expect(ours?.delivery).toBe('read');
    const failed = await ctx.db
      .select({ id: channelEvents.id })
      .from(channelEvents)
      .where(sql`${channelEvents.error} is not null`);
    expect(failed).toEqual([]);
  });
});

describe('the Meta settings', () => {
  it('come with the ctx an adapter is given (a worker’s loaded config), not from another app of the process', async () => {
    // A second Graph API, known only to this worker's config: the app built above points at the first one.
    const workerPeer = await startGraphApiPeer({
      pages: [{ id: PAGE, name: 'Loja Prosa', accessToken: PAGE_TOKEN }],
    });
    try {
      const att = await personWhoWrote('7301');
      const [last] = await ctx.db
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.attendanceId, att.id))
        .orderBy(desc(messages.id))
        .limit(1);
      const ch = await ctx.deps.channelRepository.findById(faId);
      if (!ch || !last) throw new Error('canal ou mensagem ausente');
      const before = peer.sends.length;
      const worker = channelCtx({
        ...ctx.deps,
        config: { ...ctx.deps.config, FACEBOOK_GRAPH_URL: workerPeer.url },
      });
      const sent = await faAdapter.send(
        worker,
        { ...ch, config: faAdapter.config.parse(ch.config) },
        {
          messageId: last.id,
          to: { externalId: '7301', data: {} },
          text: 'Pelo Graph do worker',
          media: [],
        },
      );
      expect(sent).toMatchObject({ state: 'sent' });
      expect(workerPeer.sends.map((s) => [s.sender, s.body.recipient])).toEqual([[PAGE, { id: '7301' }]]);
      expect(peer.sends.length).toBe(before);
    } finally {
      await workerPeer.stop();
    }
  });
});

describe('profile pictures', () => {
  it('a Messenger or Instagram person’s Graph picture becomes their card’s, kept in our storage (flag on)', async () => {
    const meta = (await http.get('/api/company/metadata', { cookie: admin })).body as {
      allow: Record<string, unknown>;
    };
    const saved = await http.put('/api/company/metadata', {
      cookie: admin,
      body: { ...meta, allow: { ...meta.allow, 'whatsapp-profile-picture': true } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const jpeg = sampleJpeg();
    peer.addPerson({
      id: '7401',
      first_name: 'Bia',
      last_name: 'Lima',
      profile_pic: peer.hostFile(jpeg, 'image/jpeg', 'bia.jpg'),
    });
    peer.addPerson({
      id: '9401',
      name: 'Duda Reis',
      username: 'duda.reis',
      profile_pic: peer.hostFile(jpeg, 'image/jpeg', 'duda.jpg'),
    });
    for (const [kind, psid] of [
      ['fa', '7401'],
      ['insta', '9401'],
    ] as const) {
      const att = await personWhoWrote(psid, kind);
      const [contact] = await ctx.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.kind, kind), eq(contacts.externalId, psid)));
      if (!contact) throw new Error('contato ausente');
      expect(await refreshProfilePicture(ctx.deps, { companyId, contactId: contact.id })).toBe('stored');
      const [after] = await ctx.db.select().from(contacts).where(eq(contacts.id, contact.id));
      const key = after?.profilePicKey ?? '';
      expect(key).toMatch(new RegExp(`^contacts/${companyId}/${contact.id}/`));
      const stored = await ctx.deps.storage.get(key);
      const chunks: Buffer[] = [];
      for await (const c of stored?.body ?? []) chunks.push(Buffer.from(c as Buffer));
      expect(Buffer.concat(chunks).equals(jpeg)).toBe(true);
      const card = await http.get(`/api/attendances/${att.id}`, { cookie: admin });
      expect((card.body as { profile_pic_public_path: string | null }).profile_pic_public_path).toMatch(
        /^\/api\/files\/contacts\//,
      );
    }
  });
});
