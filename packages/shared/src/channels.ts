// Channel kinds, their card-id prefixes (spec 1 §3) and message limits (spec 1 §5).
export const CHANNEL_KINDS = [
  'web',
  'waent',
  'waweb',
  'em',
  'fa',
  'insta',
  'sms',
  'smsn',
  'smart',
  'tg',
  'nc',
] as const;
export type TChannelKind = (typeof CHANNEL_KINDS)[number];

export const CHANNEL_LABEL: Record<TChannelKind, string> = {
  web: 'Web chat',
  waent: 'WhatsApp Enterprise',
  waweb: 'WhatsApp',
  em: 'E-mail',
  fa: 'Facebook',
  insta: 'Instagram',
  sms: 'SMS',
  smsn: 'SMS',
  smart: 'Smart',
  tg: 'Telegram',
  nc: 'NewChat',
};

/** The kind's name for people; an unknown kind shows as it is stored. */
export function channelLabel(kind: string): string {
  return Object.hasOwn(CHANNEL_LABEL, kind) ? CHANNEL_LABEL[kind as TChannelKind] : kind;
}

export const CHANNEL_TEXT_LIMIT: Partial<Record<TChannelKind, number>> = {
  fa: 1900,
  sms: 250,
  smsn: 250,
  waent: 4096,
  smart: 4096,
};

/** The card id: channel prefix, channel id and the contact's id on that channel. */
export function cardIdFor(kind: TChannelKind, channelId: number, externalId: string): string {
  return `${kind}_${channelId}_${externalId}`;
}

/** The channel kinds that exist today (web chat, WhatsApp Enterprise and by QR, Messenger, Instagram, Telegram); each new channel adds itself here. */
export const LIVE_CHANNEL_KINDS: readonly TChannelKind[] = [
  'web',
  'waent',
  'waweb',
  'fa',
  'insta',
  'tg',
  'nc',
  'em',
  'sms',
  'smart',
];

/** A web chat visitor disconnected for longer than this counts as webchat_offline. */
export const WEBCHAT_OFFLINE_SECONDS = 180;
