// Channels in use (settings tab 15): each channel kind the company uses is an allow flag, on unless turned off.
// Off hides the kind's admin menu entry, refuses creating a channel of it and drops it from the kind filters;
// channels that already exist keep working. No zod here: the menu and the filters read it.
import { CHANNEL_LABEL, type TChannelKind } from './channels';

/** The kinds a company turns on or off (SMS covers both SMS brokers). */
export const COMPANY_CHANNEL_KINDS = [
  'waweb',
  'waent',
  'fa',
  'insta',
  'tg',
  'nc',
  'sms',
  'smart',
  'em',
  'web',
] as const satisfies readonly TChannelKind[];
export type TCompanyChannelKind = (typeof COMPANY_CHANNEL_KINDS)[number];

/** The allow flag of a kind: 'channel_waweb', … */
export const channelFlag = (kind: TCompanyChannelKind) => `channel_${kind}` as const;

export const COMPANY_CHANNEL_LABEL: Record<TCompanyChannelKind, string> = {
  waweb: 'WhatsApp (QR code)',
  waent: CHANNEL_LABEL.waent,
  fa: CHANNEL_LABEL.fa,
  insta: CHANNEL_LABEL.insta,
  tg: CHANNEL_LABEL.tg,
  nc: CHANNEL_LABEL.nc,
  sms: CHANNEL_LABEL.sms,
  smart: CHANNEL_LABEL.smart,
  em: CHANNEL_LABEL.em,
  web: CHANNEL_LABEL.web,
};

const isCompanyKind = (kind: string): kind is TCompanyChannelKind =>
  (COMPANY_CHANNEL_KINDS as readonly string[]).includes(kind);

/** Whether the company uses a kind: its flag on or never set; 'smsn' follows 'sms'; other kinds always. */
export function channelKindOn(allow: Readonly<Record<string, unknown>> | undefined, kind: string): boolean {
  const k = kind === 'smsn' ? 'sms' : kind;
  if (!isCompanyKind(k)) return true;
  return allow?.[channelFlag(k)] !== false;
}

/** A list of kinds (a filter's options) without those the company turned off. */
export function kindsInUse<T extends string>(
  allow: Readonly<Record<string, unknown>> | undefined,
  kinds: readonly T[],
): T[] {
  return kinds.filter((k) => channelKindOn(allow, k));
}

export const channelKindOffMessage = (kind: TCompanyChannelKind) =>
  `Os canais do tipo ${COMPANY_CHANNEL_LABEL[kind]} estão desativados para a empresa. Ative-os em Configurações > Canais.`;
