import { CHANNEL_LABEL, type TChannelKind } from '@prosa/shared/channels';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconDeviceMobileMessage,
  IconMail,
  IconMessageCircle,
  IconWorld,
} from '@tabler/icons-react';

const ICON: Partial<Record<TChannelKind, typeof IconWorld>> = {
  web: IconWorld,
  nc: IconWorld,
  waent: IconBrandWhatsapp,
  waweb: IconBrandWhatsapp,
  em: IconMail,
  fa: IconBrandFacebook,
  insta: IconBrandInstagram,
  sms: IconDeviceMobileMessage,
  smsn: IconDeviceMobileMessage,
  tg: IconBrandTelegram,
};

export function channelLabel(kind: string): string {
  return CHANNEL_LABEL[kind as TChannelKind] ?? kind;
}

/** The channel's icon; decorative, the label is written next to it or given as its title. */
export function ChannelIcon({ kind, size = 16 }: { kind: string; size?: number }) {
  const Icon = ICON[kind as TChannelKind] ?? IconMessageCircle;
  return <Icon size={size} stroke={1.8} aria-hidden />;
}
