import { TELEGRAM_MSG } from '@prosa/shared/telegram';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/helpers/multipart';
import { sampleJpeg, sampleMp3, sampleMp4, samplePdf, samplePng } from '../../../test/helpers/sample-files';
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
import { startTelegramPeer, type TelegramPeer } from '../../../test/peers/telegram/peer';
import type { PeerUser } from '../../../test/peers/telegram/updates';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { channelEvents } from '../../db/schema/inbox';

// Telegram bots end to end with a public https address (webhook mode): the CRUD checks the token with getMe and
// sets the webhook; the Bot API peer delivers users' updates to /api/webhooks/tg/<id> with the secret token; the
// real inbox stores them in tg_ cards (files fetched by getFile); operators answer through the durable send path.

const PUBLIC = 'https://prosa.example';
let ctx: TestContext;
let http: ReturnType<typeof api>;
let peer: TelegramPeer;
let admin: string;
let manager: string;
let operator: string;
let other: string;
let sectorId: number;
let otherSectorId: number;

beforeAll(async () => {
  peer = await startTelegramPeer();
  ctx = await createTestContext({
    queue: false,
    inbox: true,
    env: { TELEGRAM_API_URL: peer.url, PUBLIC_URL: PUBLIC },
  });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = ctx.app.server.address();
  peer.reroute(PUBLIC, `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`);
  http = api(ctx);
  admin = await http.login(ADMIN);
  manager = await http.login(MANAGER);
  operator = await http.login(OPERATOR);
  other = await http.login(OTHER_ADMIN);
  const first = async (cookie: string) =>
    ((await http.get('/api/sectors', { cookie })).body as unknown as { id: number }[])[0]?.id ?? 0;
  sectorId = await first(admin);
  otherSectorId = await first(other);
});
afterAll(async () => {
  await ctx?.close();
  await peer?.stop();
});

type Channel = { id: number; username: string; mode: string; token_hint: string; connection_state: string };

async function createBot(username: string, cookie = manager, sector = sectorId) {
  const bot = peer.addBot({ username });
  const r = await http.post('/api/channels/telegram', {
    cookie,
    body: { name: `Canal ${username}`, default_sector_id: sector, token: bot.token },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { bot, channel: r.body as unknown as Channel };
}

async function cardOf(channelId: number, chatId: number) {
  const [row] = await ctx.db
    .select({ id: attendances.id, protocol: attendances.protocol })
    .from(attendances)
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
    )
    .where(
      and(
        eq(contacts.kind, 'tg'),
        eq(contacts.externalId, String(chatId)),
        eq(attendances.channelId, channelId),
      ),
    );
  return row ?? null;
}

const messagesOf = (attendanceId: number) =>
  ctx.db.select().from(messages).where(eq(messages.attendanceId, attendanceId)).orderBy(messages.id);

async function eventCount() {
  const [r] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(channelEvents);
  return r?.n ?? 0;
}

async function readStored(key: string) {
  const obj = await ctx.deps.storage.get(key);
  const chunks: Buffer[] = [];
  for await (const c of obj?.body ?? []) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

const joana: PeerUser = { id: 700_001, first_name: 'Joana', last_name: 'Silva', username: 'joanasilva' };

describe('Telegram channels (CRUD)', () => {
  it('creates a bot in webhook mode: getMe names it, setWebhook gets our https URL and a secret', async () => {
    const { bot, channel } = await createBot('loja_prosa_bot');
    expect(channel).toMatchObject({
      username: 'loja_prosa_bot',
      mode: 'webhook',
      connection_state: 'connected',
    });
    expect(channel.token_hint).toBe(`${bot.id}:••••${bot.token.slice(-4)}`);
    expect(JSON.stringify(channel)).not.toContain(bot.token);
    const hook = peer.webhookOf(bot.token);
    expect(hook?.url).toBe(`${PUBLIC}/api/webhooks/tg/${channel.id}`);
    expect(hook?.secret).toMatch(/^[A-Za-z0-9_-]{30,}$/);
    expect(hook?.allowedUpdates).toEqual(['message']);
    const list = await http.get('/api/channels/telegram', { cookie: manager });
    expect((list.body as unknown as Channel[]).map((c) => c.id)).toContain(channel.id);
    const [row] = await ctx.db.select().from(channels).where(eq(channels.id, channel.id));
    expect(JSON.stringify(row?.secretsSealed)).not.toContain(bot.token);
  });

  it('refuses bad input with the spec texts and stores nothing', async () => {
    const before = await ctx.db.select({ id: channels.id }).from(channels);
    const bot = peer.addBot({ username: 'valida_bot' });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', default_sector_id: sectorId, token: bot.token }, TELEGRAM_MSG.nameRequired],
      [{ name: '   ', default_sector_id: sectorId, token: bot.token }, TELEGRAM_MSG.nameRequired],
      [{ default_sector_id: sectorId, token: bot.token }, TELEGRAM_MSG.nameRequired],
      [{ name: 'Bot', token: bot.token }, TELEGRAM_MSG.sectorRequired],
      [{ name: 'Bot', default_sector_id: sectorId }, TELEGRAM_MSG.tokenRequired],
      [{ name: 'Bot', default_sector_id: sectorId, token: '' }, TELEGRAM_MSG.tokenRequired],
      [{ name: 'Bot', default_sector_id: sectorId, token: 'não é token' }, TELEGRAM_MSG.tokenFormat],
      [{ name: 'Bot', default_sector_id: otherSectorId, token: bot.token }, TELEGRAM_MSG.sectorInvalid],
      [{ name: 'Bot', default_sector_id: 2 ** 40, token: bot.token }, TELEGRAM_MSG.sectorRequired],
      [
        { name: 'Bot', default_sector_id: sectorId, token: `${bot.id}:AAHxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` },
        TELEGRAM_MSG.tokenInvalid,
      ],
    ];
    for (const [body, message] of cases) {
      const r = await http.post('/api/channels/telegram', { cookie: manager, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect(await ctx.db.select({ id: channels.id }).from(channels)).toHaveLength(before.length);
    expect(peer.webhookOf(bot.token)).toBeNull();
  });

  it('answers "Erro ao criar canal…" when Telegram cannot be reached, and keeps nothing', async () => {
    const before = await ctx.db.select({ id: channels.id }).from(channels);
    const bot = peer.addBot({ username: 'fora_do_ar_bot' });
    peer.failNext('getMe', { error_code: 502, description: 'Bad Gateway' });
    const r1 = await http.post('/api/channels/telegram', {
      cookie: manager,
      body: { name: 'Fora', default_sector_id: sectorId, token: bot.token },
    });
    expect([r1.status, r1.body.message]).toEqual([400, TELEGRAM_MSG.createFailed]);
    // getMe answers, setWebhook does not: the row written meanwhile is removed.
    peer.dropNext('setWebhook');
    const r2 = await http.post('/api/channels/telegram', {
      cookie: manager,
      body: { name: 'Fora', default_sector_id: sectorId, token: bot.token },
    });
    expect([r2.status, r2.body.message]).toEqual([400, TELEGRAM_MSG.createFailed]);
    expect(await ctx.db.select({ id: channels.id }).from(channels)).toHaveLength(before.length);
  });

  it('one live channel per bot on the whole platform: "Token já vinculado a um canal"', async () => {
    const { bot, channel } = await createBot('unico_bot');
    for (const [cookie, sector] of [
      [manager, sectorId],
      [other, otherSectorId],
    ] as const) {
      const r = await http.post('/api/channels/telegram', {
        cookie,
        body: { name: 'De novo', default_sector_id: sector, token: bot.token },
      });
      expect([r.status, r.body.message]).toEqual([400, TELEGRAM_MSG.tokenTaken]);
    }
    // Once removed, the bot may be linked again.
    expect((await http.delete(`/api/channels/telegram/${channel.id}`, { cookie: manager })).status).toBe(200);
    const again = await http.post('/api/channels/telegram', {
      cookie: other,
      body: { name: 'De novo', default_sector_id: otherSectorId, token: bot.token },
    });
    expect(again.status).toBe(200);
  });

  it('edits name and sector, keeps a blank token, re-checks a new one', async () => {
    const { bot, channel } = await createBot('edita_bot');
    const r = await http.patch(`/api/channels/telegram/${channel.id}`, {
      cookie: manager,
      body: { name: 'Atendimento Telegram', token: '' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: 'Atendimento Telegram',
      token_hint: `${bot.id}:••••${bot.token.slice(-4)}`,
    });
    const taken = (await createBot('outro_bot')).bot;
    const t = await http.patch(`/api/channels/telegram/${channel.id}`, {
      cookie: manager,
      body: { token: taken.token },
    });
    expect([t.status, t.body.message]).toEqual([400, TELEGRAM_MSG.tokenTaken]);
    const fresh = peer.addBot({ username: 'novo_bot' });
    const n = await http.patch(`/api/channels/telegram/${channel.id}`, {
      cookie: manager,
      body: { token: fresh.token },
    });
    expect(n.status).toBe(200);
    expect(n.body).toMatchObject({ username: 'novo_bot', bot_id: String(fresh.id) });
    expect(peer.webhookOf(fresh.token)?.url).toBe(`${PUBLIC}/api/webhooks/tg/${channel.id}`);
    // The old bot no longer calls this channel.
    expect(peer.webhookOf(bot.token)).toBeNull();
    // A new bot Telegram cannot point at us: nothing changes.
    const unreachable = peer.addBot({ username: 'instavel_bot' });
    peer.failNext('setWebhook', { error_code: 502, description: 'Bad Gateway' });
    const u = await http.patch(`/api/channels/telegram/${channel.id}`, {
      cookie: manager,
      body: { token: unreachable.token },
    });
    expect([u.status, u.body.message]).toEqual([400, TELEGRAM_MSG.createFailed]);
    const kept = await http.get(`/api/channels/telegram/${channel.id}`, { cookie: manager });
    expect(kept.body).toMatchObject({ username: 'novo_bot', bot_id: String(fresh.id) });
    const bad = await http.patch(`/api/channels/telegram/${channel.id}`, {
      cookie: manager,
      body: { name: '' },
    });
    expect([bad.status, bad.body.message]).toEqual([400, TELEGRAM_MSG.nameRequired]);
  });

  it('keeps companies and roles apart: another company 404, NewChat ids "Tipo de canal errado", operators 403', async () => {
    const { channel } = await createBot('isolado_bot');
    for (const call of [
      () => http.get(`/api/channels/telegram/${channel.id}`, { cookie: other }),
      () => http.patch(`/api/channels/telegram/${channel.id}`, { cookie: other, body: { name: 'x' } }),
      () => http.delete(`/api/channels/telegram/${channel.id}`, { cookie: other }),
      () => http.get('/api/channels/telegram/999999', { cookie: manager }),
    ])
      expect((await call()).status).toBe(404);
    const list = await http.get('/api/channels/telegram', { cookie: other });
    expect((list.body as unknown as Channel[]).map((c) => c.id)).not.toContain(channel.id);
    expect((await http.get('/api/channels/telegram', { cookie: operator })).status).toBe(403);
    const [companyRow] = await ctx.db.select().from(channels).where(eq(channels.id, channel.id));
    const [nc] = await ctx.db
      .insert(channels)
      .values({
        companyId: companyRow?.companyId ?? 0,
        kind: 'nc',
        name: 'NewChat',
        defaultSectorId: sectorId,
        routeKey: `nc-${Date.now()}`,
      })
      .returning({ id: channels.id });
    const wrong = await http.get(`/api/channels/telegram/${nc?.id}`, { cookie: manager });
    expect([wrong.status, wrong.body.message]).toEqual([400, TELEGRAM_MSG.wrongType]);
  });

  it('deletes: the webhook is removed at Telegram and its calls are refused', async () => {
    const { bot, channel } = await createBot('remove_bot');
    const hook = peer.webhookOf(bot.token);
    const r = await http.delete(`/api/channels/telegram/${channel.id}`, { cookie: manager });
    expect([r.status, r.body.message]).toEqual([200, TELEGRAM_MSG.removed]);
    expect(peer.webhookOf(bot.token)).toBeNull();
    const late = await fetch(`${ctx.app.listeningOrigin}/api/webhooks/tg/${channel.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': hook?.secret ?? '' },
      body: JSON.stringify({ update_id: 1 }),
    });
    expect(late.status).toBe(401);
    expect((await http.get(`/api/channels/telegram/${channel.id}`, { cookie: manager })).status).toBe(404);
  });
});

describe('Telegram webhook', () => {
  it('refuses a missing or wrong secret token and stores nothing', async () => {
    const { bot, channel } = await createBot('segredo_bot');
    const hook = peer.webhookOf(bot.token);
    const before = await eventCount();
    const body = JSON.stringify({
      update_id: 9,
      message: { message_id: 1, chat: { id: 5, type: 'private', first_name: 'X' }, date: 1, text: 'oi' },
    });
    const url = `${ctx.app.listeningOrigin}/api/webhooks/tg/${channel.id}`;
    for (const headers of [
      {} as Record<string, string>,
      { 'x-telegram-bot-api-secret-token': 'errado' },
      { 'x-telegram-bot-api-secret-token': `${hook?.secret ?? ''}x` },
    ]) {
      const r = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect(r.status).toBe(401);
    }
    // The right secret on another channel's path is refused too.
    const { channel: second } = await createBot('segredo2_bot');
    const cross = await fetch(`${ctx.app.listeningOrigin}/api/webhooks/tg/${second.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': hook?.secret ?? '' },
      body,
    });
    expect(cross.status).toBe(401);
    expect(await eventCount()).toBe(before);
  });

  it('stores each kind of message in one tg_ card, files fetched into our storage', async () => {
    const { bot, channel } = await createBot('tipos_bot');
    const small = peer.hostFile(samplePng(16, 12), 'image/png', 'png');
    const large = peer.hostFile(samplePng(64, 48), 'image/png', 'png');
    const pdf = peer.hostFile(samplePdf(), 'application/pdf', 'pdf');
    const voice = peer.hostFile(Buffer.from('OggS\u0000\u0002fake-opus'), 'audio/ogg', 'oga');
    const video = peer.hostFile(sampleMp4(), 'video/mp4', 'mp4');
    peer.userSends(bot.token, joana, { text: 'Olá, bot!' });
    await waitFor(() => cardOf(channel.id, joana.id));
    peer.userSends(bot.token, joana, {
      photo: [
        { fileId: small, size: 100 },
        { fileId: large, size: 900 },
      ],
      caption: 'Foto do produto',
    });
    peer.userSends(bot.token, joana, {
      document: { fileId: pdf, fileName: 'boleto.pdf', mimeType: 'application/pdf', size: 500 },
    });
    peer.userSends(bot.token, joana, { voice: { fileId: voice, duration: 3, size: 20 } });
    peer.userSends(bot.token, joana, { video: { fileId: video, duration: 2, size: 300 } });
    peer.userSends(bot.token, joana, { location: { latitude: -23.55052, longitude: -46.633308 } });
    peer.userSends(bot.token, joana, {
      contact: { phone_number: '+5511988887777', first_name: 'Carlos', last_name: 'Souza' },
    });
    const card = await waitFor(() => cardOf(channel.id, joana.id));
    const stored = await waitFor(async () => {
      const rows = await messagesOf(card.id);
      return rows.length >= 7 ? rows : null;
    });
    expect(stored).toHaveLength(7);
    const [contact] = await ctx.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.kind, 'tg'), eq(contacts.externalId, String(joana.id))));
    expect(contact?.name).toBe('Joana Silva');
    expect(contact?.data).toMatchObject({ username: 'joanasilva' });
    const att = (i: number) =>
      ((stored[i]?.attachments ?? []) as { mimeType: string; key: string; type: string }[])[0];
    expect(stored[0]?.text).toBe('Olá, bot!');
    expect(stored[1]?.text).toBe('Foto do produto');
    expect(att(1)?.mimeType).toBe('image/png');
    expect((await readStored(att(1)?.key ?? '')).equals(samplePng(64, 48))).toBe(true);
    expect(att(2)).toMatchObject({ mimeType: 'application/pdf', originalName: 'boleto.pdf' });
    expect((await readStored(att(2)?.key ?? '')).equals(samplePdf())).toBe(true);
    expect(att(3)?.type).toBe('audio');
    expect(att(4)?.type).toBe('video');
    expect(stored[5]?.text).toBe('Localização: https://maps.google.com/?q=-23.55052,-46.633308');
    expect(stored[5]?.metadata).toMatchObject({ location: { latitude: -23.55052, longitude: -46.633308 } });
    expect(stored[6]?.text).toBe('Contato: Carlos Souza +5511988887777');
    expect(stored[6]?.metadata).toMatchObject({ contact: { name: 'Carlos Souza', phone: '+5511988887777' } });
    // The card's id names the channel kind, the channel and the chat.
    const [a] = await ctx.db.select().from(attendances).where(eq(attendances.id, card.id));
    expect(JSON.stringify(a)).toContain(`tg_${channel.id}_${joana.id}`);
  });

  it('takes a redelivered update once', async () => {
    const { bot, channel } = await createBot('repete_bot');
    const hook = peer.webhookOf(bot.token);
    const maria: PeerUser = { id: 700_050, first_name: 'Maria' };
    const update = peer.userSends(bot.token, maria, { text: 'Só uma vez' });
    const card = await waitFor(() => cardOf(channel.id, maria.id));
    const again = await fetch(`${ctx.app.listeningOrigin}/api/webhooks/tg/${channel.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': hook?.secret ?? '' },
      body: JSON.stringify(update),
    });
    expect(again.status).toBe(200);
    await waitFor(async () => {
      const [r] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(channelEvents)
        .where(sql`${channelEvents.processedAt} is null`);
      return r?.n === 0;
    });
    expect((await messagesOf(card.id)).map((m) => m.text)).toEqual(['Só uma vez']);
  });
});

describe('Telegram replies (durable send path)', () => {
  let bot: { token: string };
  let channelId: number;
  let card: { id: number };
  const pedro: PeerUser = { id: 700_100, first_name: 'Pedro' };
  const reply = (body: Record<string, unknown>) =>
    http.post(`/api/attendances/${card.id}/messages`, { cookie: admin, body });
  const upload = async (filename: string, data: Buffer, contentType: string, voice = false) => {
    const body = multipart([
      ...(voice ? [{ name: 'kind', value: 'voice' }] : []),
      { name: 'file', filename, data, contentType },
    ]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/attendances/${card.id}/upload`,
      headers: { ...body.headers, cookie: admin },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    return (JSON.parse(up.body) as { file: unknown }).file;
  };

  beforeAll(async () => {
    const made = await createBot('resposta_bot');
    bot = made.bot;
    channelId = made.channel.id;
    peer.userSends(bot.token, pedro, { text: 'Quero ajuda' });
    card = await waitFor(() => cardOf(channelId, pedro.id));
  });

  it('sends a text once, with its Telegram id kept', async () => {
    const before = peer.sent.length;
    const r = await reply({ message: 'Olá Pedro, como posso ajudar?' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const sent = peer.sent.slice(before);
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'sendMessage',
        chatId: String(pedro.id),
        text: 'Olá Pedro, como posso ajudar?',
      }),
    ]);
    const [m] = await ctx.db
      .select()
      .from(messages)
      .where(eq(messages.id, Number((r.body.message as { id: number }).id)));
    expect(m?.delivery).toBe('sent');
    expect(m?.providerMessageId).toBe(`${pedro.id}:${sent[0]?.messageId}`);
  });

  it('uploads a photo with the text as caption, a voice note and a document', async () => {
    const png = await upload('foto.png', samplePng(), 'image/png');
    const before = peer.sent.length;
    expect((await reply({ message: 'Nosso catálogo', attachments: [png] })).status).toBe(200);
    const photo = peer.sent.slice(before);
    expect(photo).toHaveLength(1);
    expect(photo[0]).toMatchObject({ method: 'sendPhoto', caption: 'Nosso catálogo' });
    const file = photo[0]?.file;
    expect(file && 'data' in file && file.data.equals(samplePng())).toBe(true);

    const mp3 = await upload('audio.mp3', sampleMp3(), 'audio/mpeg', true);
    const pdf = await upload('proposta.pdf', samplePdf(), 'application/pdf');
    const long = 'x'.repeat(1100);
    const mid = peer.sent.length;
    expect((await reply({ message: long, attachments: [mp3, pdf] })).status).toBe(200);
    const rest = peer.sent.slice(mid);
    // A text over 1024 characters cannot be a caption: it goes after the files.
    expect(rest.map((s) => [s.method, s.caption ?? null])).toEqual([
      ['sendVoice', null],
      ['sendDocument', null],
      ['sendMessage', null],
    ]);
    const doc = rest[1]?.file;
    expect(doc && 'name' in doc ? doc.name : '').toBe('proposta.pdf');
    expect(rest[2]?.text).toBe(long);
    const jpg = await upload('foto.jpg', sampleJpeg(), 'image/jpeg');
    expect((await reply({ message: 'Segue arquivo(s) em anexo.', attachments: [jpg] })).status).toBe(200);
    expect(peer.sent.at(-1)).toMatchObject({ method: 'sendPhoto' });
    expect(peer.sent.at(-1)?.caption).toBeUndefined();
  });

  it('waits out a 429 (retry_after) and sends once; resumes after the parts already accepted', async () => {
    peer.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      retry_after: 1,
    });
    const before = peer.sent.length;
    const r = await reply({ message: 'Depois da espera' });
    expect(r.status).toBe(200);
    const m = await waitFor(async () => {
      const [row] = await ctx.db
        .select()
        .from(messages)
        .where(eq(messages.id, Number((r.body.message as { id: number }).id)));
      return row?.delivery === 'sent' ? row : null;
    });
    expect(m.delivery).toBe('sent');
    expect(peer.sent.slice(before).map((s) => s.text)).toEqual(['Depois da espera']);

    // The photo goes, the text after it gets a 5xx: the retry sends only the text.
    const png = await upload('foto2.png', samplePng(), 'image/png');
    peer.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
    const mid = peer.sent.length;
    const long = 'y'.repeat(1500);
    const r2 = await reply({ message: long, attachments: [png] });
    expect(r2.status).toBe(200);
    await waitFor(async () => peer.sent.length >= mid + 2);
    expect(peer.sent.slice(mid).map((s) => s.method)).toEqual(['sendPhoto', 'sendMessage']);
  });

  it('sends a text over 4096 characters whole, in pieces', async () => {
    const long = Array.from({ length: 900 }, (_, i) => `linha ${i}`).join('\n');
    const before = peer.sent.length;
    const r = await reply({ message: long });
    expect(r.status).toBe(200);
    const sent = peer.sent.slice(before);
    expect(sent.length).toBe(Math.ceil(long.length / 4096));
    expect(sent.every((s) => s.method === 'sendMessage' && (s.text ?? '').length <= 4096)).toBe(true);
    expect(sent.map((s) => s.text).join('')).toBe(long);
  });

  it('a call that went out without an answer is never sent again (unknown outcome)', async () => {
    peer.dropNext('sendMessage');
    const calls = peer.calls.filter((c) => c.method === 'sendMessage').length;
    const r = await reply({ message: 'Chegou?' });
    expect(r.status).toBe(200);
    const [m] = await ctx.db
      .select()
      .from(messages)
      .where(eq(messages.id, Number((r.body.message as { id: number }).id)));
    expect(m?.delivery).toBe('error');
    expect(peer.calls.filter((c) => c.method === 'sendMessage').length).toBe(calls + 1);
  });

  it('a revoked token fails the message with the Portuguese reason, never retried', async () => {
    const { bot: b, channel } = await createBot('revogado_bot');
    const ana: PeerUser = { id: 700_200, first_name: 'Ana' };
    peer.userSends(b.token, ana, { text: 'Oi' });
    const c = await waitFor(() => cardOf(channel.id, ana.id));
    peer.revoke(b.token);
    const calls = peer.calls.length;
    const r = await http.post(`/api/attendances/${c.id}/messages`, {
      cookie: admin,
      body: { message: 'Olá' },
    });
    expect(r.status).toBe(200);
    const [m] = await ctx.db
      .select()
      .from(messages)
      .where(eq(messages.id, Number((r.body.message as { id: number }).id)));
    expect(m?.delivery).toBe('error');
    expect(m?.error).toContain(TELEGRAM_MSG.tokenRevoked);
    expect(peer.calls.slice(calls).filter((x) => x.method === 'sendMessage')).toHaveLength(1);
  });
});
