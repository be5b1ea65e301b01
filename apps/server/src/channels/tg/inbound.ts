import { timingSafeEqual } from 'node:crypto';
import { TELEGRAM_MSG, type TTgConfig } from '@prosa/shared/telegram';
import type {
  ChannelCtx,
  ChannelFinder,
  FetchedMedia,
  InboundMessage,
  InboundParse,
  InboundRequest,
  MediaRef,
  OpenChannel,
} from '../port';
import { downloadBotFile } from './bot-api';

// A bot's updates (https://core.telegram.org/bots/api#update), by webhook (/api/webhooks/tg/<channel id>, with
// the secret_token we gave setWebhook in X-Telegram-Bot-Api-Secret-Token) or by getUpdates (the poller): one
// Update per piece, ordered by its chat.

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const idOf = (v: unknown) =>
  typeof v === 'number' && Number.isSafeInteger(v)
    ? String(v)
    : typeof v === 'string' && /^-?\d+$/.test(v)
      ? v
      : null;

/** The message an Update carries (a new message; edits and other updates carry none we show). */
export function messageOf(update: unknown): Record<string, unknown> | null {
  const m = obj(obj(update).message);
  return idOf(obj(m.chat).id) && typeof m.message_id === 'number' ? m : null;
}

export async function resolve(
  req: InboundRequest,
  find: ChannelFinder,
): Promise<OpenChannel<TTgConfig> | null> {
  if (req.channelId === null) return null;
  const ch = await find.byId(req.channelId);
  if (ch?.kind !== 'tg' || ch.deletedAt !== null) return null;
  return ch as OpenChannel<TTgConfig>;
}

/** The secret_token header equals the channel's webhook secret (compared in constant time). */
export function verify(ch: OpenChannel<TTgConfig>, req: InboundRequest): boolean {
  const expected = ch.secrets.webhook_secret ?? '';
  const header = req.headers['x-telegram-bot-api-secret-token'];
  if (!expected || typeof header !== 'string') return false;
  const a = Buffer.from(header);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function split(payload: unknown): { orderingKey: string; payload: unknown }[] {
  const m = messageOf(payload);
  return m ? [{ orderingKey: String(idOf(obj(m.chat).id)), payload }] : [];
}

function contactOf(m: Record<string, unknown>): InboundParse['contact'] {
  const chat = obj(m.chat);
  const from = obj(m.from);
  const who = chat.type === 'private' || !chat.type ? chat : from;
  const username = str(who.username) ?? str(from.username);
  const full = [str(who.first_name), str(who.last_name)].filter(Boolean).join(' ');
  const name = str(chat.title) ?? (full || (username ? `@${username}` : String(idOf(chat.id))));
  return {
    externalId: String(idOf(chat.id)),
    name: name.slice(0, 120),
    data: { ...(username ? { username } : {}), ...(idOf(from.id) ? { user_id: idOf(from.id) } : {}) },
  };
}

type Media = { ref: MediaRef; text: string };

function mediaOf(m: Record<string, unknown>): Media | null {
  const caption = str(m.caption) ?? '';
  if (Array.isArray(m.photo) && m.photo.length > 0) {
    // The sizes come smallest first; the largest is the original.
    const sizes = m.photo.map(obj).filter((p) => str(p.file_id));
    const largest = sizes.reduce((a, b) => (Number(b.file_size ?? 0) >= Number(a.file_size ?? 0) ? b : a));
    return {
      ref: { id: String(largest.file_id), type: 'image', mimeType: 'image/jpeg', fileName: null },
      text: caption,
    };
  }
  for (const [key, type] of [
    ['document', 'document'],
    ['voice', 'audio'],
    ['audio', 'audio'],
    ['video', 'video'],
    ['video_note', 'video'],
    ['animation', 'video'],
    ['sticker', 'sticker'],
  ] as const) {
    const f = obj(m[key]);
    const id = str(f.file_id);
    if (id)
      return {
        ref: { id, type, mimeType: str(f.mime_type), fileName: str(f.file_name) },
        text: caption,
      };
  }
  return null;
}

function messageBody(m: Record<string, unknown>): Pick<InboundMessage, 'text' | 'media' | 'metadata'> | null {
  const text = str(m.text);
  if (text !== null) return { text };
  const media = mediaOf(m);
  if (media) return { text: media.text, media: [media.ref] };
  const loc = obj(m.location);
  if (typeof loc.latitude === 'number' && typeof loc.longitude === 'number') {
    const at = `${loc.latitude},${loc.longitude}`;
    return {
      text: `Localização: https://maps.google.com/?q=${at}`,
      metadata: { location: { latitude: loc.latitude, longitude: loc.longitude } },
    };
  }
  const c = obj(m.contact);
  if (str(c.phone_number)) {
    const name = [str(c.first_name), str(c.last_name)].filter(Boolean).join(' ');
    return {
      text: `Contato: ${name ? `${name} ` : ''}${String(c.phone_number)}`.trim(),
      metadata: {
        contact: {
          name,
          phone: String(c.phone_number),
          ...(idOf(c.user_id) ? { user_id: idOf(c.user_id) } : {}),
        },
      },
    };
  }
  return null;
}

export function parse(_ch: OpenChannel<TTgConfig>, payload: unknown): InboundParse {
  const none: InboundParse = { contact: null, messages: [], statuses: [], reactions: [] };
  const m = messageOf(payload);
  if (!m) return none;
  const contact = contactOf(m);
  // A kind we do not show (a poll, a dice, a game) still tells the operator that the contact wrote.
  const body = messageBody(m) ?? { text: TELEGRAM_MSG.unsupported, metadata: { unsupported: true } };
  if (!contact) return none;
  const date = typeof m.date === 'number' ? new Date(m.date * 1000) : new Date();
  const reply = obj(m.reply_to_message);
  return {
    ...none,
    contact,
    messages: [
      {
        externalId: `${contact.externalId}:${String(m.message_id)}`,
        text: body.text,
        sentAt: Number.isNaN(date.getTime()) ? new Date() : date,
        ...(body.media ? { media: body.media } : {}),
        metadata: {
          ...body.metadata,
          ...(typeof reply.message_id === 'number'
            ? { reply_to: `${contact.externalId}:${String(reply.message_id)}` }
            : {}),
        },
      },
    ],
  };
}

/** A file of a message: getFile, then its download URL, through the outbound guard. */
export async function fetchMedia(
  ctx: ChannelCtx,
  ch: OpenChannel<TTgConfig>,
  ref: MediaRef,
): Promise<FetchedMedia> {
  const file = await downloadBotFile(
    { base: ctx.telegramApiUrl, token: ch.secrets.token ?? '', outbound: ctx.outbound },
    ref.id,
  );
  // Telegram serves every file as application/octet-stream: the message's own mime_type says more.
  const generic = file.mimeType.startsWith('application/octet-stream');
  return { data: file.data, mimeType: generic && ref.mimeType ? ref.mimeType : file.mimeType };
}
