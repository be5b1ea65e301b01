import type { DeliveryStatus, InboundMessage, InboundParse, MediaRef } from '../port';
import { encodeMediaLocation } from './media-download';

// What a WhatsApp Web session puts in the inbox (issue 13) and what it says. The channel server stores each
// event as it came from Baileys (a WAMessage, or a status update), in JSON, with the chat's jid as ordering key:
//   { type: 'message', message: WAMessage }          messages.upsert (live, offline delivery, history sync)
//   { type: 'status', key, status, at }               messages.update / receipts: delivery states
// Everything here is pure; files stay at WhatsApp as references.

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Bytes as the session stored them (BufferJSON: `{ type: 'Buffer', data: base64 }`), or protobuf's base64. */
function base64Of(v: unknown): string | null {
  if (typeof v === 'string') return v || null;
  const o = obj(v);
  if (o.type === 'Buffer' && typeof o.data === 'string') return o.data || null;
  if (o.type === 'Buffer' && Array.isArray(o.data)) return Buffer.from(o.data as number[]).toString('base64');
  return null;
}

export type WawebEvent =
  | { type: 'message'; message: unknown }
  | { type: 'status'; key: { id: string; remoteJid: string; fromMe: boolean }; status: number; at: number };

/** The phone number of a person's jid (`5511999990000@s.whatsapp.net`, with a device `:2` or not); null else. */
export function phoneOfJid(jid: string | null): string | null {
  const m = /^(\d{6,20})(?::\d+)?@s\.whatsapp\.net$/.exec(jid ?? '');
  return m?.[1] ?? null;
}

const isGroup = (jid: string | null) => (jid ?? '').endsWith('@g.us');

/** Baileys' timestamps are seconds, as a number, a string or a protobuf Long. */
function secondsToDate(v: unknown): Date {
  const o = obj(v);
  const n =
    typeof v === 'number'
      ? v
      : typeof v === 'string'
        ? Number(v)
        : typeof o.low === 'number'
          ? (o.low as number) >>> 0
          : Number.NaN;
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : new Date();
}

const MEDIA_KINDS = [
  'imageMessage',
  'videoMessage',
  'audioMessage',
  'documentMessage',
  'stickerMessage',
] as const;

/** The message inside Baileys' wrappers (ephemeral, view once, a document with its caption). */
function unwrap(message: Record<string, unknown>): Record<string, unknown> {
  for (const wrapper of [
    'ephemeralMessage',
    'viewOnceMessage',
    'viewOnceMessageV2',
    'viewOnceMessageV2Extension',
    'documentWithCaptionMessage',
    'editedMessage',
  ]) {
    const inner = obj(obj(message[wrapper]).message);
    if (Object.keys(inner).length > 0) return unwrap(inner);
  }
  return message;
}

/** Text and files of a message; null for what carries nothing to show (protocol messages, keys, reactions). */
function contentOf(message: Record<string, unknown>, id: string): { text: string; media: MediaRef[] } | null {
  const m = unwrap(message);
  const text = str(m.conversation) ?? str(obj(m.extendedTextMessage).text);
  if (text !== null) return { text, media: [] };
  for (const kind of MEDIA_KINDS) {
    const media = obj(m[kind]);
    if (Object.keys(media).length === 0) continue;
    const type = kind.replace(/Message$/, '') as 'image' | 'video' | 'audio' | 'document' | 'sticker';
    const mediaKey = base64Of(media.mediaKey);
    return {
      text: str(media.caption) ?? '',
      // A file without its key cannot be read by anyone: only its caption is kept.
      media: mediaKey
        ? [
            {
              // Fetched with the message's own media key: the reference carries where the file is and the key
              // (media-download.ts).
              id: encodeMediaLocation({
                message: id,
                url: str(media.url),
                directPath: str(media.directPath),
                mediaKey,
                type,
              }),
              type,
              mimeType: str(media.mimetype),
              fileName: str(media.fileName),
            },
          ]
        : [],
    };
  }
  const location = obj(m.locationMessage);
  if (Object.keys(location).length > 0) {
    const lat = location.degreesLatitude;
    const lng = location.degreesLongitude;
    return {
      text: [str(location.name), str(location.address), `${lat}, ${lng}`].filter(Boolean).join('\n'),
      media: [],
    };
  }
  const contact = obj(m.contactMessage);
  if (Object.keys(contact).length > 0) return { text: str(contact.displayName) ?? 'Contato', media: [] };
  const buttons =
    str(obj(m.buttonsResponseMessage).selectedDisplayText) ??
    str(obj(m.templateButtonReplyMessage).selectedDisplayText);
  if (buttons !== null) return { text: buttons, media: [] };
  const list = str(obj(m.listResponseMessage).title);
  if (list !== null) return { text: list, media: [] };
  return null;
}

/** One piece per chat: the session already stores one event per message, ordered by its chat. */
export function splitWaweb(payload: unknown): { orderingKey: string; payload: unknown }[] {
  const e = obj(payload);
  const jid =
    e.type === 'message'
      ? str(obj(obj(e.message).key).remoteJid)
      : e.type === 'status'
        ? str(obj(e.key).remoteJid)
        : null;
  return [{ orderingKey: jid ?? '', payload }];
}

const STATUS: Record<number, DeliveryStatus['state']> = {
  0: 'error',
  2: 'sent',
  3: 'delivered',
  4: 'read',
  5: 'read',
};

/**
 * What an event says. Group chats only when the channel allows them. Our own messages (fromMe) sent from the
 * number's phone come as messages marked `metadata.from_phone` (the sink stores them as outgoing); those this
 * session sent never get here (session.ts leaves them out).
 */
export function parseWaweb(payload: unknown, opts: { allowGroups: boolean }): InboundParse {
  const none: InboundParse = { contact: null, messages: [], statuses: [], reactions: [] };
  const e = obj(payload);
  if (e.type === 'status') {
    const key = obj(e.key);
    const id = str(key.id);
    const state = STATUS[Number(e.status)];
    if (!id || !state || key.fromMe !== true) return none;
    const at = typeof e.at === 'number' && e.at > 0 ? new Date(e.at) : new Date();
    return { ...none, statuses: [{ externalId: id, state, at }] };
  }
  if (e.type !== 'message') return none;
  const wa = obj(e.message);
  const key = obj(wa.key);
  const id = str(key.id);
  const chat = str(key.remoteJid);
  // Ours, from the number's own phone (not through us): kept as sent from the phone, in a person's chat only.
  const mine = key.fromMe === true;
  if (!id || (mine && isGroup(chat))) return none;
  if (isGroup(chat) && !opts.allowGroups) return none;
  // In a group the contact is the group; the sender is kept with the message.
  const phone = isGroup(chat) ? null : phoneOfJid(chat);
  const externalId = isGroup(chat) ? chat : phone;
  if (!externalId) return none;
  const content = contentOf(obj(wa.message), id);
  if (!content) return none;
  // On our own message pushName is the number's name, not the contact's.
  const name = (mine ? null : str(wa.pushName)) ?? phone ?? externalId;
  const message: InboundMessage = {
    externalId: id,
    text: content.text,
    sentAt: secondsToDate(wa.messageTimestamp),
    ...(content.media.length > 0 ? { media: content.media } : {}),
    metadata: {
      ...(mine ? { from_phone: true } : {}),
      ...(isGroup(chat) ? { participant: str(key.participant), participant_name: str(wa.pushName) } : {}),
      ...(str(obj(obj(obj(wa.message).extendedTextMessage).contextInfo).stanzaId)
        ? { reply_to: str(obj(obj(obj(wa.message).extendedTextMessage).contextInfo).stanzaId) }
        : {}),
    },
  };
  return {
    contact: { externalId, name: isGroup(chat) ? externalId : name, data: phone ? { phone } : {} },
    messages: [message],
    statuses: [],
    reactions: [],
  };
}
