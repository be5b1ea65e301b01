import { createHmac, randomBytes } from 'node:crypto';

// Messenger Platform and Instagram Messaging webhooks as Meta sends them: {object, entry: [{id, time,
// messaging: [event]}]}, signed with the app secret (X-Hub-Signature-256), in batches, duplicated or reordered.

export type WebhookEvent = Record<string, unknown> & {
  sender: { id: string };
  recipient: { id: string };
  timestamp: number;
};

let seq = 0;
/** A message id like Meta's ("m_…" for Messenger, a long base64 for Instagram). */
export const newMid = () =>
  `m_${Date.now()}${String(++seq).padStart(4, '0')}${randomBytes(6).toString('base64url')}`;

type From = { user: string; to: string; at?: number };
const head = (f: From, echo = false) => ({
  sender: { id: echo ? f.to : f.user },
  recipient: { id: echo ? f.user : f.to },
  timestamp: f.at ?? Date.now(),
});

/** Builders of one messaging event each: `to` is the page id (Messenger) or the Instagram account id. */
export const ev = {
  text: (f: From & { text: string; mid?: string }): WebhookEvent => ({
    ...head(f),
    message: { mid: f.mid ?? newMid(), text: f.text },
  }),
  media: (
    f: From & { type: 'image' | 'video' | 'audio' | 'file'; url: string; mid?: string },
  ): WebhookEvent => ({
    ...head(f),
    message: { mid: f.mid ?? newMid(), attachments: [{ type: f.type, payload: { url: f.url } }] },
  }),
  postback: (f: From & { title: string; payload: string; mid?: string }): WebhookEvent => ({
    ...head(f),
    postback: { mid: f.mid ?? newMid(), title: f.title, payload: f.payload },
  }),
  referral: (f: From & { ref: string; source?: string; type?: string; ad_id?: string }): WebhookEvent => ({
    ...head(f),
    referral: {
      ref: f.ref,
      source: f.source ?? 'SHORTLINK',
      type: f.type ?? 'OPEN_THREAD',
      ...(f.ad_id ? { ad_id: f.ad_id } : {}),
    },
  }),
  read: (f: From & { watermark: number }): WebhookEvent => ({ ...head(f), read: { watermark: f.watermark } }),
  /** Instagram names the message read. */
  igRead: (f: From & { mid: string }): WebhookEvent => ({ ...head(f), read: { mid: f.mid } }),
  delivery: (f: From & { mids: string[]; watermark?: number }): WebhookEvent => ({
    ...head(f),
    delivery: { mids: f.mids, watermark: f.watermark ?? Date.now() },
  }),
  /** The page's own message (sent by us or from the page inbox) coming back. */
  echo: (f: From & { text: string; mid?: string }): WebhookEvent => ({
    ...head(f, true),
    message: { mid: f.mid ?? newMid(), is_echo: true, app_id: 1234, text: f.text },
  }),
  storyReply: (
    f: From & { text: string; storyUrl: string; storyId: string; mid?: string },
  ): WebhookEvent => ({
    ...head(f),
    message: {
      mid: f.mid ?? newMid(),
      text: f.text,
      reply_to: { story: { url: f.storyUrl, id: f.storyId } },
    },
  }),
  storyMention: (f: From & { storyUrl: string; mid?: string }): WebhookEvent => ({
    ...head(f),
    message: {
      mid: f.mid ?? newMid(),
      attachments: [{ type: 'story_mention', payload: { url: f.storyUrl } }],
    },
  }),
  reaction: (f: From & { mid: string; emoji: string | null }): WebhookEvent => ({
    ...head(f),
    reaction: f.emoji
      ? { mid: f.mid, action: 'react', reaction: 'love', emoji: f.emoji }
      : { mid: f.mid, action: 'unreact' },
  }),
};

/** A webhook body: events grouped in entries by the id they are for (the recipient, or the sender of an echo). */
export function webhookBody(object: 'page' | 'instagram', events: WebhookEvent[]) {
  const entries = new Map<string, WebhookEvent[]>();
  for (const e of events) {
    const message = e.message as { is_echo?: boolean } | undefined;
    const id = message?.is_echo ? e.sender.id : e.recipient.id;
    entries.set(id, [...(entries.get(id) ?? []), e]);
  }
  return {
    object,
    entry: [...entries.entries()].map(([id, messaging]) => ({ id, time: Date.now(), messaging })),
  };
}

export const sign = (secret: string, raw: string) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** POSTs a body to the app's webhook, signed with the secret (or with the signature given). */
export async function postWebhook(
  url: string,
  body: unknown,
  opts: { secret: string; signature?: string },
): Promise<{ status: number; text: string }> {
  const raw = JSON.stringify(body);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': opts.signature ?? sign(opts.secret, raw),
    },
    body: raw,
  });
  return { status: res.status, text: await res.text() };
}

/**
 * Delivers events as Meta may: in batches of `batch` events, each body `duplicate`d, the bodies `reorder`ed
 * (last first). Answers the statuses of every POST.
 */
export async function deliverWebhooks(
  url: string,
  object: 'page' | 'instagram',
  events: WebhookEvent[],
  opts: { secret: string; batch?: number; duplicate?: boolean; reorder?: boolean },
): Promise<number[]> {
  const size = opts.batch ?? events.length;
  let bodies: unknown[] = [];
  for (let i = 0; i < events.length; i += size) bodies.push(webhookBody(object, events.slice(i, i + size)));
  if (opts.duplicate) bodies = bodies.flatMap((b) => [b, b]);
  if (opts.reorder) bodies.reverse();
  const statuses: number[] = [];
  for (const b of bodies) statuses.push((await postWebhook(url, b, { secret: opts.secret })).status);
  return statuses;
}
