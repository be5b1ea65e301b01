import { META_MSG } from '@prosa/shared/meta';
import type {
  DeliveryStatus,
  InboundMessage,
  InboundParse,
  InboundReaction,
  MediaRef,
  OpenChannel,
} from '../port';
import { type MetaEvent, type MetaReferral, readWebhook, userOf } from './messaging';

// What a Messenger or Instagram event means for the conversation core, without I/O: messages (files as
// references to their URLs), postbacks and referrals as messages, reads and deliveries as ticks, reactions.
// Echoes (the page's own messages, ours included) are ignored: our messages are stored when sent.

const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'file']);

/** One piece per person (the ordering key), events in time order; the entry kept per piece. */
export function split(payload: unknown): { orderingKey: string; payload: unknown }[] {
  const hook = readWebhook(payload);
  const pieces = new Map<string, { entryId: string; time: number; events: MetaEvent[] }>();
  for (const entry of hook.entry) {
    for (const ev of entry.messaging) {
      const key = `${entry.id}:${userOf(ev)}`;
      const piece = pieces.get(key) ?? { entryId: entry.id, time: entry.time, events: [] };
      piece.events.push(ev);
      pieces.set(key, piece);
    }
  }
  return [...pieces.entries()].map(([key, p]) => ({
    orderingKey: key.slice(p.entryId.length + 1),
    payload: {
      object: hook.object,
      entry: [
        { id: p.entryId, time: p.time, messaging: [...p.events].sort((a, b) => a.timestamp - b.timestamp) },
      ],
    },
  }));
}

const referralOf = (r: MetaReferral, at: number) => ({
  source: r.source ?? null,
  type: r.type ?? null,
  ref: r.ref ?? null,
  ad_id: r.ad_id ?? null,
  at: new Date(at).toISOString(),
});

const fileNameOf = (url: string, type: string) => {
  try {
    const last = new URL(url).pathname.split('/').pop() ?? '';
    return last.includes('.') ? decodeURIComponent(last).slice(0, 120) : null;
  } catch {
    return type === 'file' ? null : null;
  }
};

/** A message event as a message (null: an echo, a deletion, or nothing to show). */
function messageOf(ev: MetaEvent): InboundMessage | null {
  const m = ev.message;
  if (!m?.mid || m.is_echo || m.is_deleted) return null;
  const metadata: Record<string, unknown> = { mid: m.mid };
  const media: MediaRef[] = [];
  let text = m.text ?? '';
  for (const a of m.attachments ?? []) {
    const url = a.payload?.url;
    if (a.type === 'story_mention' && url) {
      metadata.quotedStory = { url, id: m.mid };
      text ||= META_MSG.storyMention;
    } else if (MEDIA_TYPES.has(a.type) && url) {
      media.push({
        id: url,
        type: a.type === 'file' ? 'document' : a.type,
        mimeType: null,
        fileName: fileNameOf(url, a.type),
      });
    } else if (url) {
      // Shares, reels, templates: the link is what the person sent.
      text = [text, url].filter(Boolean).join('\n');
      metadata.shared = { type: a.type, url };
    }
  }
  const story = m.reply_to?.story;
  if (story?.url || story?.id) {
    metadata.quotedStory = { url: story.url ?? null, id: story.id ?? null };
    metadata.story_reply = true;
  } else if (m.reply_to?.mid) metadata.reply_to_mid = m.reply_to.mid;
  if (m.quick_reply?.payload) metadata.quick_reply = m.quick_reply.payload;
  if (m.referral) metadata.referral = referralOf(m.referral, ev.timestamp);
  if (m.is_unsupported && !text && media.length === 0) text = META_MSG.unsupported;
  if (!text && media.length === 0 && !metadata.quotedStory) return null;
  return {
    externalId: m.mid,
    text,
    sentAt: new Date(ev.timestamp),
    ...(media.length ? { media } : {}),
    metadata,
  };
}

/** A postback (a button the person pressed) as a message with its title; the payload in metadata. */
function postbackOf(ev: MetaEvent): InboundMessage | null {
  const p = ev.postback;
  if (!p) return null;
  return {
    externalId: p.mid ?? `postback:${ev.sender.id}:${ev.timestamp}`,
    text: p.title ?? p.payload ?? '',
    sentAt: new Date(ev.timestamp),
    metadata: {
      postback: { payload: p.payload ?? null, title: p.title ?? null },
      ...(p.referral ? { referral: referralOf(p.referral, ev.timestamp) } : {}),
    },
  };
}

/** A referral on its own (m.me link, ad, chat plugin, to a known thread): a message kept for the tracking. */
function referralMessageOf(ev: MetaEvent): InboundMessage | null {
  const r = ev.referral;
  if (!r) return null;
  const referral = referralOf(r, ev.timestamp);
  return {
    externalId: `referral:${ev.sender.id}:${ev.timestamp}`,
    text: `Contato vindo de ${r.source ?? 'referência'}${r.ref ? ` (${r.ref})` : ''}`,
    sentAt: new Date(ev.timestamp),
    metadata: { referral },
  };
}

function statusesOf(ev: MetaEvent): DeliveryStatus[] {
  const at = new Date(ev.timestamp);
  const read = [...(ev.read?.mids ?? []), ...(ev.read?.mid ? [ev.read.mid] : [])].map(
    (externalId): DeliveryStatus => ({ externalId, state: 'read', at, recipient: ev.sender.id }),
  );
  const delivered = (ev.delivery?.mids ?? []).map(
    (externalId): DeliveryStatus => ({ externalId, state: 'delivered', at, recipient: ev.sender.id }),
  );
  return [...delivered, ...read];
}

function reactionOf(ev: MetaEvent): InboundReaction | null {
  const r = ev.reaction;
  if (!r?.mid) return null;
  const emoji = r.action === 'unreact' ? null : (r.emoji ?? r.reaction ?? null);
  return {
    externalId: `reaction:${r.mid}:${ev.sender.id}:${ev.timestamp}`,
    from: ev.sender.id,
    targetExternalId: r.mid,
    emoji,
  };
}

/** What a piece says for this channel (entries of another page or account are ignored). */
export function parse(ch: OpenChannel, payload: unknown): InboundParse {
  const out: InboundParse = { contact: null, messages: [], statuses: [], reactions: [] };
  for (const entry of readWebhook(payload).entry) {
    if (entry.id !== ch.routeKey) continue;
    for (const ev of entry.messaging) {
      if (ev.message?.is_echo) continue;
      out.statuses.push(...statusesOf(ev));
      const reaction = reactionOf(ev);
      if (reaction) {
        out.reactions.push({ ...reaction, before: out.messages.length });
        continue;
      }
      const m = messageOf(ev) ?? postbackOf(ev) ?? referralMessageOf(ev);
      if (!m) continue;
      out.contact ??= {
        externalId: ev.sender.id,
        name: ev.profile?.name ?? ev.sender.id,
        data: { psid: ev.sender.id, ...(ev.profile?.picture ? { profile_pic: ev.profile.picture } : {}) },
      };
      out.messages.push(m);
    }
  }
  return out;
}
