import { describe, expect, it } from 'vitest';
import { parseWaweb, phoneOfJid, splitWaweb } from './inbound';
import { decodeMediaLocation } from './media-download';

const JID = '5511999990000@s.whatsapp.net';

/** A message as Baileys emits it in messages.upsert. */
const wa = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'message',
  message: {
    key: { remoteJid: JID, fromMe: false, id: '3EB0ABC' },
    messageTimestamp: 1_795_000_000,
    pushName: 'Maria',
    message,
    ...extra,
  },
});

const noGroups = { allowGroups: false };

describe('WhatsApp Web events', () => {
  it('reads a text message: the contact by phone and push name, the id and the time WhatsApp gave', () => {
    const p = parseWaweb(wa({ conversation: 'Oi, tudo bem?' }), noGroups);
    expect(p.contact).toEqual({
      externalId: '5511999990000',
      name: 'Maria',
      data: { phone: '5511999990000' },
    });
    expect(p.messages).toEqual([
      { externalId: '3EB0ABC', text: 'Oi, tudo bem?', sentAt: new Date(1_795_000_000_000), metadata: {} },
    ]);
    // An extended text (a link, a reply) and a protobuf Long timestamp.
    const reply = parseWaweb(
      wa(
        { extendedTextMessage: { text: 'sim', contextInfo: { stanzaId: 'ABC' } } },
        { messageTimestamp: { low: 1_795_000_001, high: 0, unsigned: true } },
      ),
      noGroups,
    );
    expect(reply.messages[0]).toMatchObject({
      text: 'sim',
      sentAt: new Date(1_795_000_001_000),
      metadata: { reply_to: 'ABC' },
    });
  });

  it('keeps files as references to fetch, with their caption, also inside ephemeral and view-once wrappers', () => {
    const p = parseWaweb(
      wa({
        ephemeralMessage: {
          message: {
            imageMessage: {
              caption: 'foto',
              mimetype: 'image/jpeg',
              url: 'https://mmg.whatsapp.net/o1/v/t62/abc',
              directPath: '/o1/v/t62/abc',
              mediaKey: { type: 'Buffer', data: 'a2V5LWRvLWFycXVpdm8=' },
            },
          },
        },
      }),
      noGroups,
    );
    expect(p.messages[0]).toMatchObject({
      text: 'foto',
      media: [{ type: 'image', mimeType: 'image/jpeg', fileName: null }],
    });
    expect(decodeMediaLocation(p.messages[0]?.media?.[0]?.id ?? '')).toEqual({
      message: '3EB0ABC',
      url: 'https://mmg.whatsapp.net/o1/v/t62/abc',
      directPath: '/o1/v/t62/abc',
      mediaKey: 'a2V5LWRvLWFycXVpdm8=',
      type: 'image',
    });
    const doc = parseWaweb(
      wa({
        documentMessage: {
          mimetype: 'application/pdf',
          fileName: 'boleto.pdf',
          directPath: '/d/1',
          mediaKey: 'AAEC',
        },
      }),
      noGroups,
    );
    expect(doc.messages[0]?.media?.[0]).toMatchObject({ type: 'document', fileName: 'boleto.pdf' });
    // Without its key the file cannot be read: the caption stays, no reference to fetch.
    const keyless = parseWaweb(wa({ imageMessage: { caption: 'sem chave', url: 'https://x/y' } }), noGroups);
    expect(keyless.messages[0]).toMatchObject({ text: 'sem chave' });
    expect(keyless.messages[0]?.media).toBeUndefined();
  });

  it('keeps a message sent from the number’s phone as such, with the contact’s phone, not our name', () => {
    const p = parseWaweb(
      wa(
        { conversation: 'Enviei do celular' },
        { key: { remoteJid: JID, fromMe: true, id: 'A' }, pushName: 'Loja' },
      ),
      noGroups,
    );
    expect(p.contact).toMatchObject({ externalId: '5511999990000', name: '5511999990000' });
    expect(p.messages[0]).toMatchObject({
      externalId: 'A',
      text: 'Enviei do celular',
      metadata: { from_phone: true },
    });
    expect(
      parseWaweb(wa({ conversation: 'x' }, { key: { remoteJid: '1203630@g.us', fromMe: true, id: 'B' } }), {
        allowGroups: true,
      }).messages,
    ).toEqual([]);
  });

  it('ignores what carries nothing to show, and groups unless the channel allows them', () => {
    expect(parseWaweb(wa({ protocolMessage: { type: 0 } }), noGroups).messages).toEqual([]);
    const group = wa(
      { conversation: 'no grupo' },
      { key: { remoteJid: '1203630@g.us', fromMe: false, id: 'G1', participant: JID } },
    );
    expect(parseWaweb(group, noGroups).contact).toBeNull();
    const allowed = parseWaweb(group, { allowGroups: true });
    expect(allowed.contact?.externalId).toBe('1203630@g.us');
    expect(allowed.messages[0]?.metadata).toMatchObject({ participant: JID, participant_name: 'Maria' });
  });

  it('reads delivery states of our messages (sent, delivered, read, played, error)', () => {
    const status = (n: number, fromMe = true) =>
      parseWaweb(
        { type: 'status', key: { id: 'OUT1', remoteJid: JID, fromMe }, status: n, at: 1_795_000_000_000 },
        noGroups,
      ).statuses;
    expect([2, 3, 4, 5, 0].map((n) => status(n)[0]?.state)).toEqual([
      'sent',
      'delivered',
      'read',
      'read',
      'error',
    ]);
    expect(status(1)).toEqual([]);
    expect(status(3, false)).toEqual([]);
  });

  it('orders events by chat, and knows a person’s phone from a jid with or without a device', () => {
    expect(splitWaweb(wa({ conversation: 'a' }))).toEqual([
      { orderingKey: JID, payload: wa({ conversation: 'a' }) },
    ]);
    expect(phoneOfJid('5511999990000:12@s.whatsapp.net')).toBe('5511999990000');
    expect(phoneOfJid('1203630@g.us')).toBeNull();
    expect(phoneOfJid(null)).toBeNull();
  });
});
