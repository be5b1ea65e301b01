import { randomBytes } from 'node:crypto';
import { getBinaryNodeChild } from '@whiskeysockets/baileys';
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

// A number sends like a person (issue 13, "nobody banned"): paced parts, "typing…" first, files through
// WhatsApp's media upload, decrypted by the customer's phone as they were.

let ctx: TestContext;
let peer: WhatsAppWebPeer;
let kit: KitSession;
const CUSTOMER = '5511933332222';
const jid = `${CUSTOMER}@s.whatsapp.net`;

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

describe('sending through a WhatsApp Web session', () => {
  it('sends two messages in order, the second at least min_interval after the first, typing shown first', async () => {
    const pacing = { min_interval_ms: 800, jitter_ms: 200, presence: true };
    const [a, b] = await Promise.all([
      kit.session.send({ jid, text: 'Primeira', files: [] }, pacing),
      kit.session.send({ jid, text: 'Segunda', files: [] }, pacing),
    ]);
    expect(a?.state).toBe('sent');
    expect(b?.state).toBe('sent');
    await waitFor(async () => peer.received().filter((r) => r.to === jid).length === 2);
    expect(peer.received().map((r) => r.text)).toEqual(['Primeira', 'Segunda']);

    // The peer's record of what came, in order: composing before each message, paused after.
    const stanzas = peer.stanzas();
    const at = (pred: (i: number) => boolean) => stanzas.findIndex((_, i) => pred(i));
    const firstMsg = at((i) => stanzas[i]?.tag === 'message');
    const firstTyping = at(
      (i) => stanzas[i]?.tag === 'chatstate' && Boolean(getBinaryNodeChild(stanzas[i], 'composing')),
    );
    expect(firstTyping).toBeGreaterThanOrEqual(0);
    expect(firstTyping).toBeLessThan(firstMsg);
    expect(stanzas.some((s) => s.tag === 'chatstate' && getBinaryNodeChild(s, 'paused'))).toBe(true);

    // The second left at least min_interval after the first (the peer's clock on arrival).
    const times = stanzas.filter((s) => s.tag === 'message').map((s) => peer.arrivedAt(s));
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(800);
  });

  it('sends files through the media upload, the customer decrypts the same bytes; voice notes as ptt', async () => {
    const image = randomBytes(3000);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000)]);
    const voice = Buffer.concat([Buffer.from('OggS'), randomBytes(1500)]);
    const before = peer.received().length;
    const out = await kit.session.send(
      {
        jid,
        text: 'Seguem os arquivos',
        files: [
          { kind: 'image', data: image, mimeType: 'image/jpeg', fileName: 'foto.jpg' },
          { kind: 'document', data: pdf, mimeType: 'application/pdf', fileName: 'boleto.pdf' },
          { kind: 'audio', data: voice, mimeType: 'audio/ogg; codecs=opus', fileName: 'voz.ogg' },
        ],
      },
      { min_interval_ms: 0, jitter_ms: 0, presence: true },
    );
    expect(out.state).toBe('sent');
    if (out.state === 'sent') expect(out.ids).toHaveLength(4);
    const got = await waitFor(async () => {
      const r = peer.received().slice(before);
      return r.length === 4 ? r : undefined;
    });
    expect(got.map((r) => r.file?.kind ?? 'text')).toEqual(['image', 'document', 'audio', 'text']);
    expect(got[0]?.file?.data.equals(image)).toBe(true);
    expect(got[1]?.file?.data.equals(pdf)).toBe(true);
    expect(got[1]?.file?.fileName).toBe('boleto.pdf');
    expect(got[2]?.file?.data.equals(voice)).toBe(true);
    expect(got[2]?.file?.ptt).toBe(true);
    expect(got[3]?.text).toBe('Seguem os arquivos');
    // "recording…" before the voice note.
    expect(
      peer
        .stanzas()
        .some((s) => s.tag === 'chatstate' && getBinaryNodeChild(s, 'composing')?.attrs.media === 'audio'),
    ).toBe(true);
    expect(peer.uploads().map((u) => u.path.split('/')[2])).toEqual(['image', 'document', 'audio']);
  });

  it('a retry skips the parts already accepted', async () => {
    const before = peer.received().length;
    const out = await kit.session.send(
      {
        jid,
        text: 'Só o texto desta vez',
        files: [{ kind: 'image', data: randomBytes(500), mimeType: 'image/png', fileName: 'a.png' }],
        partsSent: 1,
      },
      { min_interval_ms: 0, jitter_ms: 0, presence: false },
    );
    expect(out.state).toBe('sent');
    await waitFor(async () => peer.received().length === before + 1);
    expect(
      peer
        .received()
        .slice(before)
        .map((r) => r.text),
    ).toEqual(['Só o texto desta vez']);
  });

  it('a file refused by the upload fails before the socket: nothing sent, outcome known', async () => {
    peer.refuseUploads(true);
    const before = peer.received().length;
    const out = await kit.session.send(
      {
        jid,
        text: '',
        files: [{ kind: 'document', data: randomBytes(100), mimeType: 'application/pdf', fileName: 'x.pdf' }],
      },
      { min_interval_ms: 0, jitter_ms: 0, presence: false },
    );
    peer.refuseUploads(false);
    expect(out).toMatchObject({ state: 'failed', partsSent: 0, unknownOutcome: false });
    expect(peer.received().length).toBe(before);
  });

  it('answers a retry receipt with the message again: from memory, and from the database after a restart', async () => {
    const out = await kit.session.send(
      { jid, text: 'Mensagem que o celular não leu', files: [] },
      { min_interval_ms: 0, jitter_ms: 0, presence: false },
    );
    if (out.state !== 'sent') throw new Error(out.error);
    const id = out.ids[0] ?? '';
    await waitFor(async () => peer.received().some((r) => r.id === id));
    await peer.askAgain({ from: CUSTOMER, id });
    await waitFor(async () => peer.received().filter((r) => r.id === id).length === 2);
    expect(
      new Set(
        peer
          .received()
          .filter((r) => r.id === id)
          .map((r) => r.text),
      ),
    ).toEqual(new Set(['Mensagem que o celular não leu']));

    // A message only the database still has: the customer wrote, an operator's answer was stored with its
    // WhatsApp id, and the session restarted since (a new process: nothing in memory).
    await peer.sendText({ from: CUSTOMER, text: 'Oi' });
    const card = await waitFor(async () => {
      const [a] = await ctx.db
        .select()
        .from(attendances)
        .where(and(eq(attendances.channelKind, 'waweb'), eq(attendances.channelId, kit.ref.channelId)));
      return a;
    });
    await ctx.db.insert(messages).values({
      companyId: card.companyId,
      attendanceId: card.id,
      messageId: 'op-resposta-1',
      text: 'Resposta guardada no banco',
      senderType: 1,
      providerMessageId: 'PROSA0000000000000001',
    });
    await kit.session.stop();
    kit = runKitSession(ctx, peer, kit.ref);
    await waitFor(async () => kit.session.state === 'CONNECTED');
    await peer.askAgain({ from: CUSTOMER, id: 'PROSA0000000000000001' });
    const again = await waitFor(async () => peer.received().find((r) => r.id === 'PROSA0000000000000001'));
    expect(again.text).toBe('Resposta guardada no banco');
  });
});
