// The Messenger Platform and Instagram Messaging webhooks ({object: "page" | "instagram", entry: [{id, time,
// messaging: [event]}]}): one event per sender, each a message, an echo, a postback, a referral, a read, a
// delivery or a reaction. Only reading here; what the events mean for us is in parse.ts.

export type MetaAttachment = { type: string; payload: { url?: string; title?: string } };

export type MetaReferral = {
  ref?: string;
  source?: string;
  type?: string;
  ad_id?: string;
  referer_uri?: string;
};

export type MetaEvent = {
  sender: { id: string };
  recipient: { id: string };
  timestamp: number;
  message?: {
    mid?: string;
    text?: string;
    is_echo?: boolean;
    attachments?: MetaAttachment[];
    quick_reply?: { payload?: string };
    reply_to?: { mid?: string; story?: { url?: string; id?: string } };
    referral?: MetaReferral;
    is_deleted?: boolean;
    is_unsupported?: boolean;
  };
  postback?: { mid?: string; title?: string; payload?: string; referral?: MetaReferral };
  referral?: MetaReferral;
  /** Messenger: everything before the watermark was read; our webhook route adds the ids it covers (mids). */
  read?: { watermark?: number; mid?: string; mids?: string[] };
  delivery?: { watermark?: number; mids?: string[] };
  reaction?: { mid?: string; action?: 'react' | 'unreact'; reaction?: string; emoji?: string };
  /** Ours: the person's Graph profile, added by the app webhook to a new person's events. */
  profile?: { name: string | null; picture: string | null };
};

export type MetaEntry = { id: string; time: number; messaging: MetaEvent[] };

export type MetaWebhook = { object: string; entry: MetaEntry[] };

export const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const idOf = (v: unknown) => {
  const id = obj(v).id;
  return typeof id === 'string' && id ? id : null;
};

/** The events a payload holds, entry by entry; an event without a sender, recipient or time is dropped. */
export function readWebhook(payload: unknown): MetaWebhook {
  const p = obj(payload);
  const entries: MetaEntry[] = [];
  for (const e of arr(p.entry)) {
    const id = idOf(e);
    if (!id) continue;
    const messaging = arr(obj(e).messaging).filter((ev): ev is MetaEvent => {
      const o = obj(ev);
      return idOf(o.sender) !== null && idOf(o.recipient) !== null && typeof o.timestamp === 'number';
    });
    entries.push({ id, time: typeof obj(e).time === 'number' ? Number(obj(e).time) : 0, messaging });
  }
  return { object: typeof p.object === 'string' ? p.object : '', entry: entries };
}

/** The person an event is about: the sender, or the recipient of an echo (our own page's message). */
export function userOf(ev: MetaEvent): string {
  return ev.message?.is_echo ? ev.recipient.id : ev.sender.id;
}
