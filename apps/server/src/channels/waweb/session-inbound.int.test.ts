import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppWebPeer, type WhatsAppWebPeer } from '../../../test/peers/whatsapp-web';
import {
  createNumber,
  type KitSession,
  pair,
  runKitSession,
} from '../../../test/peers/whatsapp-web/session-kit';
import { attendances, messages } from '../../db/schema/attendance';

// What reaches a number by QR (issue 13): files a customer sends, fetched through the outbound guard and decrypted
// into our storage, and messages the company sends from the number's own phone, kept in the conversation as
// sent from the phone — once.

let ctx: TestContext;
let peer: WhatsAppWebPeer;
let kit: KitSession;
const CUSTOMER = '5511944443333';

type Attachment = { key: string; mimeType: string; originalName: string };

const rowsWith = async (text: string) => ctx.db.select().from(messages).where(eq(messages.text, text));

async function stored(key: string) {
  const obj = await ctx.deps.storage.get(key);
  if (!obj) throw new Error(`arquivo ${key} não guardado`);
  const chunks: Buffer[] = [];
  for await (const c of obj.body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: true });
  peer = await startWhatsAppWebPeer();
  kit = runKitSession(ctx, peer, await createNumber(ctx));
  await pair(peer, kit);
});
afterAll(async () => {
  await kit?.session.stop();
  await peer?.stop();
  await ctx?.close();
});

describe('receiving through a WhatsApp Web session', () => {
  it('stores the files a customer sends, with the bytes they sent and their caption', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(1200),
    ]);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000)]);
    await peer.sendFile({
      from: CUSTOMER,
      kind: 'image',
      data: png,
      mimeType: 'image/png',
      caption: 'Minha foto',
    });
    await peer.sendFile({
      from: CUSTOMER,
      kind: 'document',
      data: pdf,
      mimeType: 'application/pdf',
      fileName: 'comprovante.pdf',
      caption: 'Comprovante',
    });
    const [photo] = await waitFor(async () => {
      const r = await rowsWith('Minha foto');
      return r.length > 0 ? r : undefined;
    });
    const [doc] = await waitFor(async () => {
      const r = await rowsWith('Comprovante');
      return r.length > 0 ? r : undefined;
    });
    const [a] = (photo?.attachments ?? []) as Attachment[];
    const [b] = (doc?.attachments ?? []) as Attachment[];
    if (!a || !b) throw new Error('sem anexos');
    expect(a.mimeType).toBe('image/png');
    expect((await stored(a.key)).equals(png)).toBe(true);
    expect(b).toMatchObject({ mimeType: 'application/pdf', originalName: 'comprovante.pdf' });
    expect((await stored(b.key)).equals(pdf)).toBe(true);
    expect(photo?.senderType).toBe(0);
  });

  it('stores audio, video and stickers too, by their message', async () => {
    const files = [
      {
        kind: 'audio' as const,
        data: Buffer.concat([Buffer.from('OggS'), randomBytes(900)]),
        mimeType: 'audio/ogg; codecs=opus',
      },
      {
        kind: 'video' as const,
        data: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), randomBytes(900)]),
        mimeType: 'video/mp4',
      },
      {
        kind: 'sticker' as const,
        data: Buffer.concat([
          Buffer.from('RIFF'),
          Buffer.from([0, 4, 0, 0]),
          Buffer.from('WEBPVP8 '),
          randomBytes(900),
        ]),
        mimeType: 'image/webp',
      },
    ];
    for (const f of files) {
      const id = await peer.sendFile({ from: CUSTOMER, ...f });
      const row = await waitFor(async () => {
        const [r] = await ctx.db
          .select()
          .from(messages)
          .where(eq(messages.messageId, `waweb:${kit.ref.channelId}:${id}`));
        return r;
      });
      const [a] = (row.attachments ?? []) as Attachment[];
      if (!a) throw new Error(`sem anexo: ${f.kind}`);
      expect((await stored(a.key)).equals(f.data)).toBe(true);
    }
  });

  it('keeps a message sent from the number’s phone in the customer’s conversation as ours, once', async () => {
    const id = await peer.sendFromPhone({ to: CUSTOMER, text: 'Respondi pelo celular' });
    const [row] = await waitFor(async () => {
      const r = await rowsWith('Respondi pelo celular');
      return r.length > 0 ? r : undefined;
    });
    expect(row).toMatchObject({
      senderType: 1,
      delivery: 'sent',
      providerMessageId: id,
      metadata: { from_phone: true },
    });
    const [card] = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.companyId, kit.ref.companyId), eq(attendances.id, row?.attendanceId ?? 0)));
    expect(card).toMatchObject({ lastMessagePreview: 'Respondi pelo celular', lastMessageSender: 1 });

    // Delivered again after a drop (WhatsApp redelivers until acked; the inbox may see it twice): still one.
    await peer.sendFromPhone({ to: CUSTOMER, text: 'Respondi pelo celular', id });
    await peer.sendText({ from: CUSTOMER, text: 'Obrigado' });
    await waitFor(async () => (await rowsWith('Obrigado')).length === 1);
    expect(await rowsWith('Respondi pelo celular')).toHaveLength(1);
  });

  it('does not store our own sends again when WhatsApp shows them to us as the phone’s', async () => {
    const out = await kit.session.send(
      { jid: `${CUSTOMER}@s.whatsapp.net`, text: 'Enviada pelo Prosa', files: [] },
      { min_interval_ms: 0, jitter_ms: 0, presence: false },
    );
    if (out.state !== 'sent') throw new Error(out.error);
    const id = out.ids[0] ?? '';
    // The copy WhatsApp hands the account's other devices, back to us.
    await peer.sendFromPhone({ to: CUSTOMER, text: 'Enviada pelo Prosa', id });
    await peer.sendText({ from: CUSTOMER, text: 'Recebi' });
    await waitFor(async () => (await rowsWith('Recebi')).length === 1);
    expect(await rowsWith('Enviada pelo Prosa')).toHaveLength(0);
  });

  it('stores the phone’s recent history through the inbox: each message once, groups left out', async () => {
    const OLD = '5511922221111';
    const history = [
      { chat: OLD, text: 'Mensagem antiga do cliente' },
      { chat: OLD, text: 'Resposta antiga pelo celular', fromMe: true },
      { chat: '120363000000000001@g.us', text: 'Conversa antiga de grupo' },
    ];
    const ids = await peer.syncHistory(history);
    await waitFor(async () => (await rowsWith('Resposta antiga pelo celular')).length === 1);
    const [theirs] = await rowsWith('Mensagem antiga do cliente');
    expect(theirs).toMatchObject({ senderType: 0 });
    expect((await rowsWith('Resposta antiga pelo celular'))[0]).toMatchObject({ senderType: 1 });

    // The same history again (after a reconnect the phone may send it anew): nothing doubled.
    await peer.syncHistory(history.map((h, i) => ({ ...h, id: ids[i] })));
    await peer.sendText({ from: OLD, text: 'Depois do histórico' });
    await waitFor(async () => (await rowsWith('Depois do histórico')).length === 1);
    expect(await rowsWith('Mensagem antiga do cliente')).toHaveLength(1);
    expect(await rowsWith('Resposta antiga pelo celular')).toHaveLength(1);
    expect(await rowsWith('Conversa antiga de grupo')).toHaveLength(0);
  });
});
