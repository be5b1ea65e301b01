// What each channel kind can do (ARCHITECTURE: Channels; plan 0005 §2). The composer, the send path, the
// reply-window banner and the card read these instead of testing kinds. No zod here: the widget may read them.
import { ATTACHMENT_MIME_KIND, UPLOAD_MAX_BYTES, VOICE_MIME } from './attachment-rules';
import { CHANNEL_KINDS, type TChannelKind } from './channels';
import { FA_HUMAN_AGENT_WINDOW_HOURS, META_WINDOW_MSG } from './meta-window';

export type TChannelCapabilities = {
  /**
   * Longest text a message may carry (spec 1 §5, §9); null: no limit. `byMedium`: a narrower limit when the
   * channel's config names that medium (`config.medium`, e.g. a Smart channel on SMS).
   */
  text: { maxLength: number | null; byMedium?: Readonly<Record<string, number>> };
  /** The file types (MIME) that may be sent and the largest file; null: text only. */
  media: { types: readonly string[]; maxBytes: number } | null;
  /**
   * Free-form replies only within this time after the contact's last message; null: always. `closedText`: what
   * a refused reply says (default: WhatsApp's, which offers a template).
   */
  replyWindow: { hours: number; closedText?: string } | null;
  /** Approved templates (HSM) can be sent, also outside the reply window. */
  templates: boolean;
  subject: boolean;
  threading: boolean;
  html: boolean;
  typing: boolean;
  /** Reactions of the contact are received and kept on the message. */
  reactions: boolean;
  /** The provider reports delivered and read. */
  readReceipts: boolean;
  /** The contact's connection is tracked (card flag webchat_offline). */
  presence: boolean;
  /** Outbound messages reach the contact through our own socket fan-out (the widget), no provider call. */
  socketDelivery: boolean;
  /** What identifies the contact on the channel. */
  contactAddress: 'phone' | 'email' | 'opaque';
  /** Scheduled returns are offered (spec 1 §2: not for web chat and NewChat). */
  scheduling: boolean;
  /** Sends per second per channel when the channel sets none; null: not limited. */
  defaultRatePerSecond: number | null;
};

const MB = 1024 * 1024;

// What the upload routes accept for every channel today (attachment-rules.ts): the picker's types and voice notes.
const UPLOAD_MEDIA = {
  types: [...Object.keys(ATTACHMENT_MIME_KIND), VOICE_MIME],
  maxBytes: UPLOAD_MAX_BYTES,
} as const;

const NONE: TChannelCapabilities = {
  text: { maxLength: null },
  media: null,
  replyWindow: null,
  templates: false,
  subject: false,
  threading: false,
  html: false,
  typing: false,
  reactions: false,
  readReceipts: false,
  presence: false,
  socketDelivery: false,
  contactAddress: 'opaque',
  scheduling: false,
  defaultRatePerSecond: null,
};

const declare = (caps: Partial<TChannelCapabilities>): TChannelCapabilities =>
  deepFreeze({ ...NONE, ...caps });

// Web chat and WhatsApp Enterprise run today: their values are what the code does. The other kinds are named
// by the spec but have no adapter yet; their values come from the spec (text limits, scheduling) and the
// provider's rules, and each kind's adapter step revises them.
const CAPABILITIES: Record<TChannelKind, TChannelCapabilities> = {
  // The visitor's widget: messages go through the /webchat socket, disconnection sets visitor_offline_since.
  web: declare({
    media: UPLOAD_MEDIA,
    presence: true,
    socketDelivery: true,
  }),
  // Cloud API: 4096 characters, the adapter's media list, 24 h window, HSM, reactions and statuses by webhook,
  // 80 messages per second unless the channel says otherwise (messages_per_second).
  waent: declare({
    text: { maxLength: 4096 },
    media: {
      types: [
        'image/jpeg',
        'image/png',
        'video/mp4',
        'video/3gpp',
        'audio/mpeg',
        'audio/ogg',
        'application/pdf',
      ],
      maxBytes: 16 * MB,
    },
    replyWindow: { hours: 24 },
    templates: true,
    reactions: true,
    readReceipts: true,
    contactAddress: 'phone',
    scheduling: true,
    defaultRatePerSecond: 80,
  }),
  waweb: declare({ media: UPLOAD_MEDIA, contactAddress: 'phone', scheduling: true }),
  em: declare({
    media: UPLOAD_MEDIA,
    subject: true,
    threading: true,
    html: true,
    contactAddress: 'email',
    scheduling: true,
  }),
  // Messenger and Instagram: page-scoped ids; Meta's 24 h standard window, then the HUMAN_AGENT tag up to 7 days
  // (the adapter picks the messaging type), nothing after. Reads and reactions come by the app webhook.
  fa: declare({
    text: { maxLength: 1900 },
    media: UPLOAD_MEDIA,
    replyWindow: { hours: FA_HUMAN_AGENT_WINDOW_HOURS, closedText: META_WINDOW_MSG.windowClosed },
    reactions: true,
    readReceipts: true,
    scheduling: true,
  }),
  insta: declare({
    media: UPLOAD_MEDIA,
    replyWindow: { hours: FA_HUMAN_AGENT_WINDOW_HOURS, closedText: META_WINDOW_MSG.instaWindowClosed },
    reactions: true,
    readReceipts: true,
    scheduling: true,
  }),
  sms: declare({ text: { maxLength: 250 }, contactAddress: 'phone', scheduling: true }),
  smsn: declare({ text: { maxLength: 250 }, contactAddress: 'phone', scheduling: true }),
  // 4096, or 250 when the Smart channel's medium is SMS (spec 1 §5): that channel's config narrows it.
  smart: declare({
    text: { maxLength: 4096, byMedium: { sms: 250 } },
    contactAddress: 'phone',
    scheduling: true,
  }),
  // Telegram's Bot API: no limit in the spec, so nothing is truncated (the adapter sends a long text in pieces of
  // 4096 characters); photos, voice notes and documents by upload; chat ids are opaque; no window, no statuses;
  // a bot may send about 30 messages a second (Telegram's broadcast limit, beyond it 429).
  tg: declare({ media: UPLOAD_MEDIA, scheduling: true, defaultRatePerSecond: 30 }),
  // NewChat is served by our widget like the web chat; typing travels both ways over the sockets.
  nc: declare({ media: UPLOAD_MEDIA, presence: true, socketDelivery: true, typing: true }),
};

const UNKNOWN = deepFreeze({ ...NONE });

/** The capabilities of a channel kind; a kind we do not know gets text only (no media, window or extras). */
export function capabilitiesOf(kind: string): TChannelCapabilities {
  return Object.hasOwn(CAPABILITIES, kind) ? CAPABILITIES[kind as TChannelKind] : UNKNOWN;
}

/** The known kinds whose capabilities satisfy a rule, e.g. those addressed by phone. */
export function channelKindsWith(rule: (caps: TChannelCapabilities) => boolean): TChannelKind[] {
  return CHANNEL_KINDS.filter((kind) => rule(CAPABILITIES[kind]));
}

/**
 * Whether a free-form reply may be sent now: always on a channel without a window; otherwise only within
 * the window after the contact's last message (none yet, or an unreadable date: closed).
 */
export function replyWindowOpen(
  caps: TChannelCapabilities,
  lastInboundAt: Date | string | null | undefined,
  now: Date | number = Date.now(),
): boolean {
  if (!caps.replyWindow) return true;
  if (!lastInboundAt) return false;
  const at = typeof lastInboundAt === 'string' ? Date.parse(lastInboundAt) : lastInboundAt.getTime();
  const nowMs = typeof now === 'number' ? now : now.getTime();
  return nowMs - at < caps.replyWindow.hours * 3_600_000;
}

/** A channel's text limit: its kind's, narrowed by the medium its config names (spec 1 §5); null: no limit. */
export function channelTextLimit(caps: TChannelCapabilities, config: unknown): number | null {
  const medium =
    typeof config === 'object' && config !== null ? (config as { medium?: unknown }).medium : undefined;
  const narrowed = typeof medium === 'string' && caps.text.byMedium ? caps.text.byMedium[medium] : undefined;
  return narrowed ?? caps.text.maxLength;
}

/**
 * An attendance's text limit: the one its channel had when it opened (`data.text_limit`, recorded only when it
 * narrows the kind's), otherwise its kind's. Both the stored text and the composer count against it.
 */
export function attendanceTextLimit(kind: string, data: unknown): number | null {
  const recorded =
    typeof data === 'object' && data !== null ? (data as { text_limit?: unknown }).text_limit : undefined;
  return typeof recorded === 'number' && recorded > 0 ? recorded : capabilitiesOf(kind).text.maxLength;
}

/** What a new attendance records of its channel: the text limit when the channel's config narrows its kind's. */
export function channelFactsOf(kind: string, config: unknown): Record<string, unknown> {
  const caps = capabilitiesOf(kind);
  const limit = channelTextLimit(caps, config);
  return limit !== caps.text.maxLength && limit !== null ? { text_limit: limit } : {};
}

/**
 * The text cut to the channel's limit (spec 1 §5: longer text is truncated, not refused). A cut never splits
 * a character written with two UTF-16 units (emoji), so the result may be one unit shorter than the limit.
 */
export function truncateToChannel(caps: TChannelCapabilities | number | null, text: string): string {
  const max = typeof caps === 'number' || caps === null ? caps : caps.text.maxLength;
  if (max === null || text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  const splitsPair = max > 0 && last >= 0xd800 && last <= 0xdbff;
  return text.slice(0, splitsPair ? max - 1 : max);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
