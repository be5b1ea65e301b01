import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  ChannelCtx,
  ChannelFinder,
  DeliveryStatus,
  FetchedMedia,
  InboundMessage,
  InboundParse,
  InboundReaction,
  InboundRequest,
  MediaRef,
} from '../port';
import { asWaent, type WaentChannel } from './config';
import { downloadMedia, graphOf } from './graph-client';

// The WhatsApp Cloud API webhook (object "whatsapp_business_account"): entry[].changes[].value with
// metadata.phone_number_id, contacts, messages and statuses, signed with the app secret. Everything here is pure
// except fetchMedia; files are fetched after parsing.

export type WaMessage = {
  from: string;
  id: string;
  timestamp?: string;
  type: string;
  context?: { id?: string; from?: string };
  text?: { body?: string };
  image?: WaMedia;
  video?: WaMedia;
  audio?: WaMedia;
  document?: WaMedia;
  sticker?: WaMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  contacts?: {
    name?: { formatted_name?: string; first_name?: string };
    phones?: { phone?: string; wa_id?: string }[];
  }[];
  interactive?: {
    type?: string;
    button_reply?: { id?: string; title?: string };
    list_reply?: { id?: string; title?: string; description?: string };
  };
  button?: { payload?: string; text?: string };
  reaction?: { message_id?: string; emoji?: string };
};
export type WaMedia = {
  id?: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
  sha256?: string;
};

export type WaStatus = {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed' | string;
  timestamp?: string;
  recipient_id?: string;
  biz_opaque_callback_data?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
};

export type WaChange = {
  phoneNumberId: string | null;
  contacts: Map<string, string>;
  messages: WaMessage[];
  statuses: WaStatus[];
};

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function parseWebhook(payload: unknown): WaChange[] {
  const out: WaChange[] = [];
  for (const entry of arr(obj(payload).entry)) {
    for (const change of arr(obj(entry).changes)) {
      const value = obj(obj(change).value);
      const contacts = new Map<string, string>();
      for (const c of arr(value.contacts)) {
        const waId = obj(c).wa_id;
        const name = obj(obj(c).profile).name;
        if (typeof waId === 'string') contacts.set(waId, typeof name === 'string' ? name : waId);
      }
      const pid = obj(value.metadata).phone_number_id;
      out.push({
        phoneNumberId: typeof pid === 'string' ? pid : null,
        contacts,
        messages: arr(value.messages).filter(
          (m): m is WaMessage => typeof obj(m).id === 'string' && typeof obj(m).from === 'string',
        ),
        statuses: arr(value.statuses).filter(
          (s): s is WaStatus => typeof obj(s).id === 'string' && typeof obj(s).status === 'string',
        ),
      });
    }
  }
  return out;
}

export const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;

/** The text a message shows in the chat (media get their caption; the file is attached separately). */
export function messageText(m: WaMessage): { text: string; metadata: Record<string, unknown> } {
  switch (m.type) {
    case 'text':
      return { text: m.text?.body ?? '', metadata: {} };
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker': {
      const media = m[m.type];
      return { text: media?.caption ?? '', metadata: { wa_type: m.type } };
    }
    case 'location': {
      const l = m.location ?? {};
      const place = [l.name, l.address].filter(Boolean).join(' - ');
      return {
        text: `📍 Localização: ${l.latitude ?? '?'}, ${l.longitude ?? '?'}${place ? ` (${place})` : ''}`,
        metadata: { wa_type: 'location', location: l },
      };
    }
    case 'contacts': {
      const lines = (m.contacts ?? []).map((c) => {
        const name = c.name?.formatted_name ?? c.name?.first_name ?? 'Contato';
        const phones = (c.phones ?? []).map((p) => p.phone ?? p.wa_id).filter(Boolean);
        return `👤 ${name}${phones.length ? `: ${phones.join(', ')}` : ''}`;
      });
      return {
        text: lines.join('\n') || '👤 Contato',
        metadata: { wa_type: 'contacts', contacts: m.contacts },
      };
    }
    case 'interactive': {
      const r = m.interactive?.button_reply ?? m.interactive?.list_reply;
      return {
        text: r?.title ?? '',
        metadata: { wa_type: 'interactive', reply_id: r?.id ?? null, interactive_type: m.interactive?.type },
      };
    }
    case 'button':
      return {
        text: m.button?.text ?? '',
        metadata: { wa_type: 'button', payload: m.button?.payload ?? null },
      };
    case 'reaction':
      return {
        text: m.reaction?.emoji ? `Reagiu com ${m.reaction.emoji}` : 'Removeu a reação',
        metadata: { wa_type: 'reaction', reaction: m.reaction },
      };
    default:
      return {
        text: `Mensagem do tipo "${m.type}" não suportada.`,
        metadata: { wa_type: m.type, unsupported: true },
      };
  }
}

/** The file of a media message, as a reference to fetch; null for other messages. */
export function mediaRefOf(m: WaMessage): MediaRef | null {
  if (!(MEDIA_TYPES as readonly string[]).includes(m.type)) return null;
  const media = m[m.type as (typeof MEDIA_TYPES)[number]];
  if (!media?.id) return null;
  return { id: media.id, type: m.type, mimeType: media.mime_type ?? null, fileName: media.filename ?? null };
}

/** X-Hub-Signature-256: "sha256=" + hex HMAC-SHA256 of the raw body with the app secret. */
export function validSignature(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  // A channel without an app secret can verify nothing: everything is refused.
  if (!appSecret || !header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', appSecret).update(rawBody).digest('hex'));
  const given = Buffer.from(header.slice(7).trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Meta's verification GET: the challenge back when the mode and the channel's verify token match. */
export function challenge(ch: WaentChannel, query: InboundRequest['query']): string | null {
  const token = query['hub.verify_token'];
  if (query['hub.mode'] !== 'subscribe' || !token || token !== ch.config.verify_token) return null;
  return query['hub.challenge'] ?? '';
}

/** The live number the webhook's path names (Meta holds the callback URL /api/webhooks/waent/{id}). */
export async function resolve(req: InboundRequest, find: ChannelFinder): Promise<WaentChannel | null> {
  if (req.channelId === null) return null;
  const ch = asWaent(await find.byId(req.channelId));
  return ch && ch.deletedAt === null ? ch : null;
}

export function verify(ch: WaentChannel, req: InboundRequest): boolean {
  const header = req.headers['x-hub-signature-256'];
  return validSignature(
    ch.secrets.app_secret ?? '',
    req.rawBody,
    typeof header === 'string' ? header : undefined,
  );
}

const wrap = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [{ changes: [{ field: 'messages', value }] }],
});

/**
 * One piece per contact, in the payload's order: its messages (keyed by its wa_id) and the statuses of the
 * messages sent to it (keyed "status:" + recipient). Each piece is a payload of the same shape.
 */
export function split(payload: unknown): { orderingKey: string; payload: unknown }[] {
  const pieces = new Map<
    string,
    { metadata: unknown; contacts: unknown[]; messages: WaMessage[]; statuses: WaStatus[] }
  >();
  const piece = (key: string, metadata: unknown) => {
    let p = pieces.get(key);
    if (!p) {
      p = { metadata, contacts: [], messages: [], statuses: [] };
      pieces.set(key, p);
    }
    return p;
  };
  for (const change of parseWebhook(payload)) {
    const metadata = { phone_number_id: change.phoneNumberId };
    for (const m of change.messages) {
      const p = piece(m.from, metadata);
      if (p.contacts.length === 0) {
        const name = change.contacts.get(m.from);
        p.contacts.push({ wa_id: m.from, ...(name !== undefined ? { profile: { name } } : {}) });
      }
      p.messages.push(m);
    }
    for (const s of change.statuses) piece(`status:${s.recipient_id ?? ''}`, metadata).statuses.push(s);
  }
  return [...pieces.entries()].map(([orderingKey, p]) => ({
    orderingKey,
    payload: wrap({
      messaging_product: 'whatsapp',
      metadata: p.metadata,
      ...(p.contacts.length > 0 ? { contacts: p.contacts } : {}),
      ...(p.messages.length > 0 ? { messages: p.messages } : {}),
      ...(p.statuses.length > 0 ? { statuses: p.statuses } : {}),
    }),
  }));
}

const STATUS: Record<string, DeliveryStatus['state']> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'error',
};

const dateOf = (timestamp: string | undefined) => {
  const at = timestamp ? new Date(Number(timestamp) * 1000) : new Date();
  return Number.isNaN(at.getTime()) ? new Date() : at;
};

/**
 * What a piece says for this number (changes of another number are ignored): the contact, its messages with
 * their files as references, the reactions and the delivery statuses of our messages.
 */
export function parse(ch: WaentChannel, payload: unknown): InboundParse {
  const out: InboundParse = { contact: null, messages: [], statuses: [], reactions: [] };
  for (const change of parseWebhook(payload)) {
    if (change.phoneNumberId && change.phoneNumberId !== ch.routeKey) continue;
    for (const m of change.messages) {
      out.contact ??= {
        externalId: m.from,
        name: change.contacts.get(m.from) ?? m.from,
        data: { phone: m.from },
      };
      if (m.type === 'reaction')
        out.reactions.push({ ...reactionOf(m), before: out.messages.length, fallback: inboundMessage(m) });
      else out.messages.push(inboundMessage(m));
    }
    for (const s of change.statuses) {
      const state = STATUS[s.status];
      if (!state) continue;
      const e = s.errors?.[0];
      out.statuses.push({
        externalId: s.id,
        state,
        at: dateOf(s.timestamp),
        ...(state === 'error'
          ? { error: e ? `${e.code ?? ''} ${e.title ?? e.message ?? ''}`.trim() : 'falha no envio' }
          : {}),
        ...(s.recipient_id ? { recipient: s.recipient_id } : {}),
        ...(typeof s.biz_opaque_callback_data === 'string' && s.biz_opaque_callback_data
          ? { reference: s.biz_opaque_callback_data }
          : {}),
      });
    }
  }
  return out;
}

/** A message as the conversation core stores it: text, metadata with its wamid, its file as a reference. */
export function inboundMessage(m: WaMessage): InboundMessage {
  const { text, metadata } = messageText(m);
  const ref = mediaRefOf(m);
  return {
    externalId: m.id,
    text,
    sentAt: dateOf(m.timestamp),
    ...(ref ? { media: [ref] } : {}),
    metadata: { ...metadata, wamid: m.id, ...(m.context?.id ? { context_wamid: m.context.id } : {}) },
  };
}

function reactionOf(m: WaMessage): InboundReaction {
  return {
    externalId: m.id,
    from: m.from,
    targetExternalId: m.reaction?.message_id ?? '',
    emoji: m.reaction?.emoji || null,
  };
}

/** GET /{media-id}, then its bytes, with the channel's token. */
export async function fetchMedia(ctx: ChannelCtx, ch: WaentChannel, ref: MediaRef): Promise<FetchedMedia> {
  return downloadMedia(graphOf(ch, ctx.outbound), ref.id);
}
