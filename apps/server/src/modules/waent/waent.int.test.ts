import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/helpers/multipart';
import { sampleJpeg, samplePdf, samplePng } from '../../../test/helpers/sample-files';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';
import { processInbox } from '../../channels/inbound/process';
import { sweepInbox } from '../../channels/inbound/sweep';
import { channelCtx } from '../../channels/port';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { channelEvents } from '../../db/schema/inbox';
import { attendanceInboundSink } from '../attendance/inbound-sink';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let admin: string;
let peer: WhatsAppPeer;
let base: string;
let channelId: number;
let companyId: number;
let sectorId: number;
const APP_SECRET = 'meta-app-secret-1234';
const VERIFY = 'verifica-123';

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: true });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  http = api(ctx);
  manager = await http.login(MANAGER);
  admin = await http.login(ADMIN);
  peer = await startWhatsAppPeer();
  const sectors = await http.get('/api/sectors', { cookie: manager });
  sectorId = (sectors.body as unknown as { id: number; name: string }[])[0]?.id ?? 0;
  const r = await http.post('/api/channels/waent', {
    cookie: manager,
    body: {
      name: 'Loja WhatsApp',
      default_sector_id: sectorId,
      broker: 'meta',
      phone_number: '+55 11 99999-0000',
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: APP_SECRET,
      verify_token: VERIFY,
      api_base_url: peer.url,
      messages_per_second: 50,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  channelId = r.body.id as number;
  const [row] = await ctx.db.select().from(channels).where(eq(channels.id, channelId));
  companyId = row?.companyId ?? 0;
});
afterAll(async () => {
  await peer?.stop();
  await ctx?.close();
});

const hook = () => `${base}/api/webhooks/waent/${channelId}`;

async function attendanceOf(waId: string) {
  const [row] = await ctx.db
    .select({ id: attendances.id })
    .from(attendances)
    .innerJoin(
      contacts,
      and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
    )
    .where(and(eq(contacts.kind, 'waent'), eq(contacts.externalId, waId)));
  return row?.id ?? null;
}

type Msg = {
  message_id: string;
  text: string;
  sender_type: number;
  delivery: string;
  attachments: { type: string; mimeType: string; url: string; originalName: string }[];
  metadata: Record<string, unknown>;
};

async function shown(attendanceId: number): Promise<Msg[]> {
  const r = await http.get(`/api/attendances/${attendanceId}/messages?limit=100`, { cookie: admin });
  expect(r.status).toBe(200);
  return (r.body.items as Msg[]).slice().reverse();
}

async function messageByWamid(wamid: string) {
  const [row] = await ctx.db.select().from(messages).where(sql`${messages.metadata}->>'wamid' = ${wamid}`);
  return row ?? null;
}

async function deliverOk(payload: unknown) {
  const r = await peer.deliver(hook(), payload, { appSecret: APP_SECRET });
  expect(r.status).toBe(200);
}

/** A contact who wrote now (window open) with its attendance. */
async function contactWhoWrote(waId: string, name: string) {
  await deliverOk(peer.messagesPayload({ waId, name }, [peer.text(waId, 'Oi, quero ajuda')]));
  return waitFor(() => attendanceOf(waId));
}

describe('channel admin (spec 2 WhatsApp Enterprise)', () => {
  it('refuses missing name, sector or broker with the spec text', async () => {
    for (const missing of ['name', 'default_sector_id', 'broker']) {
      const body: Record<string, unknown> = {
        name: 'X',
        default_sector_id: sectorId,
        broker: 'meta',
        phone_number_id: '1',
        waba_id: '2',
        access_token: 'a',
        app_secret: 'b',
        verify_token: 'c',
      };
      delete body[missing];
      const r = await http.post('/api/channels/waent', { cookie: manager, body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Os campos "Nome", "Setor", "Broker" são obrigatórios!');
    }
  });

  it('answers secrets only masked, keeps them when omitted on PATCH, and seals them at rest', async () => {
    const r = await http.get(`/api/channels/waent/${channelId}`, { cookie: manager });
    expect(r.status).toBe(200);
    expect(r.body.access_token).toBe(`••••${peer.accessToken.slice(-4)}`);
    expect(r.body.app_secret).toBe('••••1234');
    expect(JSON.stringify(r.body)).not.toContain(peer.accessToken);
    expect(r.body.webhook_url).toBe(`http://prosa.test/api/webhooks/waent/${channelId}`);
    const [row] = await ctx.db.select().from(channels).where(eq(channels.id, channelId));
    expect(row?.secretsSealed.access_token).not.toContain(peer.accessToken);
    const p = await http.patch(`/api/channels/waent/${channelId}`, {
      cookie: manager,
      body: { name: 'Loja WhatsApp', access_token: '' },
    });
    expect(p.status).toBe(200);
    expect(p.body.access_token).toBe(r.body.access_token);
  });

  it('refuses a phone number id already used by another channel, and an operator', async () => {
    const r = await http.post('/api/channels/waent', {
      cookie: manager,
      body: {
        name: 'Outro',
        default_sector_id: sectorId,
        broker: 'meta',
        phone_number_id: peer.phoneNumberId,
        waba_id: '9',
        access_token: 'a',
        app_secret: 'b',
        verify_token: 'c',
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Este identificador do número já está cadastrado em outro canal.');
    const op = await http.login(OPERATOR);
    expect((await http.get('/api/channels/waent', { cookie: op })).status).toBe(403);
  });
  it('documents the channel and webhook routes in the OpenAPI', async () => {
    const r = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const paths = Object.keys((JSON.parse(r.body) as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/channels/waent',
        '/api/channels/waent/{id}',
        // Meta's /api/webhooks/waent/{id} is the providers' route with kind = waent.
        '/api/webhooks/{kind}/{channelId}',
      ]),
    );
  });
});

describe('webhook verification and signature', () => {
  it('answers the challenge when mode and token match, 403 otherwise', async () => {
    const ok = await fetch(
      `${hook()}?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/plain');
    expect(await ok.text()).toBe('1158201444');
    const bad = await fetch(`${hook()}?hub.mode=subscribe&hub.verify_token=errado&hub.challenge=1`);
    expect(bad.status).toBe(403);
  });

  it('refuses a wrong or missing signature with 401 and stores nothing', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(channelEvents);
    const msgsBefore = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(messages);
    const payload = peer.messagesPayload({ waId: '5511900000001', name: 'Falso' }, [
      peer.text('5511900000001', 'forjada'),
    ]);
    expect((await peer.deliver(hook(), payload, { appSecret: APP_SECRET, badSignature: true })).status).toBe(
      401,
    );
    expect((await peer.deliver(hook(), payload, { appSecret: APP_SECRET, noSignature: true })).status).toBe(
      401,
    );
    await new Promise((r) => setTimeout(r, 300));
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(channelEvents);
    const msgsAfter = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(messages);
    expect(after[0]?.n).toBe(before[0]?.n);
    expect(msgsAfter[0]?.n).toBe(msgsBefore[0]?.n);
    expect(await attendanceOf('5511900000001')).toBeNull();
  });

  it('keeps JSON bodies of other routes working', async () => {
    const r = await http.patch(`/api/channels/waent/${channelId}`, {
      cookie: manager,
      body: { messages_per_second: 50 },
    });
    expect(r.status).toBe(200);
  });
});

describe('inbound messages', () => {
  it('stores and shows every message type', async () => {
    const wa = '5511911110001';
    const img = peer.addMedia(sampleJpeg(), 'image/jpeg');
    const doc = peer.addMedia(samplePdf(), 'application/pdf');
    const aud = peer.addMedia(Buffer.from('OggS\0fake-opus-voice-note'), 'audio/ogg; codecs=opus');
    const vid = peer.addMedia(Buffer.from('\0\0\0\x18ftypmp42fake-video'), 'video/mp4');
    const stk = peer.addMedia(Buffer.from('RIFF\x10\0\0\0WEBPVP8 fake'), 'image/webp');
    const first = peer.text(wa, 'Olá, bom dia!');
    const payload = peer.messagesPayload({ waId: wa, name: 'Carla Cliente' }, [
      first,
      peer.media(wa, 'image', img, { mimeType: 'image/jpeg', caption: 'Foto do produto' }),
      peer.media(wa, 'document', doc, { mimeType: 'application/pdf', filename: 'nota.pdf' }),
      peer.media(wa, 'audio', aud, { mimeType: 'audio/ogg; codecs=opus' }),
      peer.media(wa, 'video', vid, { mimeType: 'video/mp4', caption: 'Vídeo' }),
      peer.media(wa, 'sticker', stk, { mimeType: 'image/webp' }),
      peer.location(wa, {
        latitude: -23.5614,
        longitude: -46.6559,
        name: 'MASP',
        address: 'Av. Paulista, 1578',
      }),
      peer.contacts(wa, [{ name: 'João Silva', phone: '+55 11 98888-7777' }]),
      peer.buttonReply(wa, 'sim', 'Sim, quero'),
      peer.listReply(wa, 'op2', 'Segunda via do boleto'),
      peer.button(wa, 'Parar promoções', 'STOP'),
      peer.reaction(wa, first.id, '👍'),
      peer.reaction(wa, 'wamid.desconhecido', '❤️'),
      peer.unsupported(wa),
    ]);
    await deliverOk(payload);
    const attId = await waitFor(() => attendanceOf(wa));
    const list = await waitFor(async () => {
      const l = await shown(attId);
      return l.length >= 13 ? l : null;
    });
    const texts = list.map((m) => m.text);
    expect(texts).toEqual([
      'Olá, bom dia!',
      'Foto do produto',
      '',
      '',
      'Vídeo',
      '',
      '📍 Localização: -23.5614, -46.6559 (MASP - Av. Paulista, 1578)',
      '👤 João Silva: +55 11 98888-7777',
      'Sim, quero',
      'Segunda via do boleto',
      'Parar promoções',
      'Reagiu com ❤️',
      'Mensagem do tipo "unsupported" não suportada.',
    ]);
    const byType = (i: number) => list[i]?.attachments[0];
    expect(byType(1)).toMatchObject({ type: 'image', mimeType: 'image/jpeg' });
    expect(byType(2)).toMatchObject({
      type: 'document',
      mimeType: 'application/pdf',
      originalName: 'nota.pdf',
    });
    expect(byType(3)).toMatchObject({ type: 'audio', mimeType: 'audio/ogg' });
    expect(byType(4)).toMatchObject({ type: 'video', mimeType: 'video/mp4' });
    expect(byType(5)).toMatchObject({ type: 'image', mimeType: 'image/webp' });
    // The downloaded bytes are ours now: the signed URL serves them.
    const file = await ctx.app.inject({ method: 'GET', url: byType(1)?.url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(sampleJpeg())).toBe(true);
    // The reaction to a known message is kept on it.
    expect(list[0]?.metadata.reactions).toEqual([expect.objectContaining({ emoji: '👍', from: wa })]);
    const [att] = await ctx.db.select().from(attendances).where(eq(attendances.id, attId));
    expect(att?.name).toBe('Carla Cliente');
    expect(att?.sectorId).toBe(sectorId);
  });

  it('stores a webhook delivered twice (one after the other and at once) as one message', async () => {
    const wa = '5511911110002';
    const msg = peer.text(wa, 'Mensagem única');
    const payload = peer.messagesPayload({ waId: wa, name: 'Dora' }, [msg]);
    await deliverOk(payload);
    await deliverOk(payload);
    await Promise.all([deliverOk(payload), deliverOk(payload), deliverOk(payload)]);
    const attId = await waitFor(() => attendanceOf(wa));
    await waitFor(async () => {
      const rows = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(channelEvents)
        .where(sql`${channelEvents.processedAt} is null and ${channelEvents.channelId} = ${channelId}`);
      return rows[0]?.n === 0;
    });
    const list = await shown(attId);
    expect(list.filter((m) => m.text === 'Mensagem única')).toHaveLength(1);
    const [att] = await ctx.db.select().from(attendances).where(eq(attendances.id, attId));
    expect(att?.unreadCount).toBe(1);
  });

  it('processes events left unprocessed by the sweep', async () => {
    const wa = '5511911110003';
    const payload = peer.messagesPayload({ waId: wa, name: 'Eva' }, [peer.text(wa, 'chegou pela varredura')]);
    // Committed but never processed (as if the node had stopped right after the 200), and no NOTIFY.
    await ctx.db.insert(channelEvents).values({
      companyId,
      channelId,
      orderingKey: wa,
      payload,
      receivedAt: new Date(Date.now() - 60_000),
    });
    const deps = { ...ctx.deps, sink: attendanceInboundSink(ctx.deps) };
    // Two nodes at once (and this context's own processor): only one of them claims and processes it.
    await Promise.all([
      processInbox(deps, { owner: 'no-a' }),
      processInbox(deps, { owner: 'no-b' }),
      sweepInbox(ctx.db),
    ]);
    const event = await waitFor(async () => {
      const [row] = await ctx.db
        .select()
        .from(channelEvents)
        .where(sql`${channelEvents.payload}::text like '%chegou pela varredura%'`);
      return row?.processedAt ? row : null;
    });
    expect(event.attempts).toBe(1);
    const attId = await waitFor(() => attendanceOf(wa));
    expect((await shown(attId)).map((m) => m.text)).toEqual(['chegou pela varredura']);
  });
});

describe('outbound messages and statuses', () => {
  it('sends the reply once, records its wamid and applies statuses monotonically (read before delivered)', async () => {
    const wa = '5511922220001';
    const attId = await contactWhoWrote(wa, 'Fábio');
    const before = peer.sent.length;
    const r = await http.post(`/api/attendances/${attId}/messages`, {
      cookie: admin,
      body: { message: 'Olá Fábio!' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(peer.sent.length).toBe(before + 1);
    const out = peer.sent.at(-1);
    expect(out).toMatchObject({ to: wa, type: 'text', body: { text: { body: 'Olá Fábio!' } } });
    const wamid = out?.wamid ?? '';
    expect((await messageByWamid(wamid))?.delivery).toBe('sent');

    await deliverOk(peer.statusPayload([{ wamid, status: 'read', to: wa }]));
    await waitFor(async () => (await messageByWamid(wamid))?.delivery === 'read');
    await deliverOk(peer.statusPayload([{ wamid, status: 'delivered', to: wa }]));
    await deliverOk(peer.statusPayload([{ wamid, status: 'sent', to: wa }]));
    // Both late statuses processed (not a fixed wait): only then "still read" means something.
    await waitFor(async () => {
      const rows = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(channelEvents)
        .where(sql`${channelEvents.processedAt} is null and ${channelEvents.channelId} = ${channelId}`);
      return rows[0]?.n === 0;
    });
    expect((await messageByWamid(wamid))?.delivery).toBe('read');
    const list = await shown(attId);
    expect(list.at(-1)).toMatchObject({ text: 'Olá Fábio!', delivery: 'read' });
  });

  it('goes sent → delivered → read in order and marks failed as error with the code', async () => {
    const wa = '5511922220002';
    const attId = await contactWhoWrote(wa, 'Gabi');
    await http.post(`/api/attendances/${attId}/messages`, { cookie: admin, body: { message: 'Primeira' } });
    const w1 = peer.sent.at(-1)?.wamid ?? '';
    for (const status of ['sent', 'delivered', 'read'] as const) {
      await deliverOk(peer.statusPayload([{ wamid: w1, status, to: wa }]));
      await waitFor(async () => (await messageByWamid(w1))?.delivery === status);
    }
    await http.post(`/api/attendances/${attId}/messages`, { cookie: admin, body: { message: 'Segunda' } });
    const w2 = peer.sent.at(-1)?.wamid ?? '';
    await deliverOk(
      peer.statusPayload([
        { wamid: w2, status: 'failed', to: wa, errors: [{ code: 131047, title: 'Re-engagement message' }] },
      ]),
    );
    const failed = await waitFor(async () => {
      const m = await messageByWamid(w2);
      return m?.delivery === 'error' ? m : null;
    });
    expect(failed.error).toBe('131047 Re-engagement message');
  });

  it('retries 429 (Retry-After) and 500 and the peer accepts the message exactly once', async () => {
    const wa = '5511922220003';
    const attId = await contactWhoWrote(wa, 'Hugo');
    const sentBefore = peer.sent.length;
    const callsBefore = peer.requests.filter((q) => q.path.endsWith('/messages')).length;
    peer.failNext(1, 429, { retryAfter: 1 });
    peer.failNext(1, 500);
    const r = await http.post(`/api/attendances/${attId}/messages`, {
      cookie: admin,
      body: { message: 'Com retentativa' },
    });
    expect(r.status).toBe(200);
    expect((r.body.message as Msg).delivery).toBe('sent');
    expect(peer.requests.filter((q) => q.path.endsWith('/messages')).length - callsBefore).toBe(3);
    const accepted = peer.sent.slice(sentBefore);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]?.body).toMatchObject({ text: { body: 'Com retentativa' } });
  });

  it('gives up after the tries and shows Error, without any accepted duplicate', async () => {
    const wa = '5511922220004';
    const attId = await contactWhoWrote(wa, 'Iara');
    const sentBefore = peer.sent.length;
    peer.failNext(5, 500);
    const r = await http.post(`/api/attendances/${attId}/messages`, {
      cookie: admin,
      body: { message: 'Não vai' },
    });
    expect(r.status).toBe(200);
    expect((r.body.message as Msg).delivery).toBe('error');
    expect(peer.sent.length).toBe(sentBefore);
  }, 60_000);

  it('uploads and sends media with the caption', async () => {
    const wa = '5511922220005';
    const attId = await contactWhoWrote(wa, 'Júlia');
    const body = multipart([{ name: 'file', filename: 'catalogo.png', data: samplePng() }]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/attendances/${attId}/upload`,
      headers: { ...body.headers, cookie: admin },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    const ref = (JSON.parse(up.body) as { file: unknown }).file;
    const uploadsBefore = peer.uploads.length;
    const sentBefore = peer.sent.length;
    const r = await http.post(`/api/attendances/${attId}/messages`, {
      cookie: admin,
      body: { message: 'Nosso catálogo', attachments: [ref] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(peer.uploads.length).toBe(uploadsBefore + 1);
    expect(peer.uploads.at(-1)?.data.equals(samplePng())).toBe(true);
    const sent = peer.sent.slice(sentBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      type: 'image',
      image: { id: peer.uploads.at(-1)?.id, caption: 'Nosso catálogo' },
    });
  });

  it('sends a template through the adapter', async () => {
    const adapter = ctx.deps.channels.get('waent');
    const channel = await ctx.deps.channelRepository.find(companyId, channelId);
    if (!adapter || !channel) throw new Error('canal WhatsApp Enterprise ausente');
    const before = peer.sent.length;
    const template = {
      name: 'boas_vindas',
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'body' as const,
          parameters: [
            { type: 'text', text: 'Lia' },
            { type: 'text', text: 'Prosa' },
          ],
        },
      ],
    };
    const res = await adapter.send(channelCtx(ctx.deps), channel, {
      messageId: 0,
      to: { externalId: '5511933330001', data: { phone: '5511933330001' } },
      text: 'Olá Lia, tudo bem? Aqui é da Prosa.',
      template,
      media: [],
    });
    expect(res).toMatchObject({ state: 'sent', providerMessageId: peer.sent.at(-1)?.wamid });
    expect(peer.sent.slice(before)).toHaveLength(1);
    expect(peer.sent.at(-1)?.body).toMatchObject({ type: 'template', to: '5511933330001', template });
  });
});

describe('channel removal', () => {
  it('deletes softly: the webhook of a removed channel is refused and the row is kept', async () => {
    const peer2 = await startWhatsAppPeer();
    const created = await http.post('/api/channels/waent', {
      cookie: manager,
      body: {
        name: 'Temporário',
        default_sector_id: sectorId,
        broker: 'meta',
        phone_number_id: peer2.phoneNumberId,
        waba_id: peer2.wabaId,
        access_token: peer2.accessToken,
        app_secret: 'tmp-secret',
        verify_token: 'tmp',
        api_base_url: peer2.url,
      },
    });
    const id = created.body.id as number;
    const del = await http.delete(`/api/channels/waent/${id}`, { cookie: manager });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Canal removido com sucesso!');
    expect((await http.get(`/api/channels/waent/${id}`, { cookie: manager })).status).toBe(404);
    const [row] = await ctx.db.select().from(channels).where(eq(channels.id, id));
    expect(row?.deletedAt).not.toBeNull();
    const r = await peer2.deliver(
      `${base}/api/webhooks/waent/${id}`,
      peer2.messagesPayload({ waId: '5511955550001', name: 'X' }, [peer2.text('5511955550001', 'oi')]),
      { appSecret: 'tmp-secret' },
    );
    expect(r.status).toBe(401);
    await peer2.stop();
  });
});

describe('24-hour customer-service window', () => {
  it('refuses a free-form message when the last inbound message is older than 24 h', async () => {
    const wa = '5511944440001';
    const attId = await contactWhoWrote(wa, 'Kátia');
    await ctx.db
      .update(attendances)
      .set({ latestContactChatMessageAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(attendances.id, attId));
    const before = peer.sent.length;
    const r = await http.post(`/api/attendances/${attId}/messages`, {
      cookie: admin,
      body: { message: 'Ainda aí?' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      'A janela de 24 horas para este contato está fechada. Envie um modelo (HSM).',
    );
    expect(peer.sent.length).toBe(before);
    // A new message from the contact opens the window again.
    await deliverOk(peer.messagesPayload({ waId: wa, name: 'Kátia' }, [peer.text(wa, 'Sim!')]));
    await waitFor(async () => {
      const [a] = await ctx.db.select().from(attendances).where(eq(attendances.id, attId));
      return (a?.latestContactChatMessageAt?.getTime() ?? 0) > Date.now() - 60_000;
    });
    const ok = await http.post(`/api/attendances/${attId}/messages`, {
      cookie: admin,
      body: { message: 'Ótimo!' },
    });
    expect(ok.status).toBe(200);
  });
});
