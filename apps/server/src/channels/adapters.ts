import { emAdapter } from './email/adapter';
import { faAdapter } from './fa/adapter';
import { instaAdapter } from './insta/adapter';
import { newchatAdapter } from './newchat/adapter';
import type { ChannelAdapter } from './port';
import { smartAdapter } from './smart/adapter';
import { smsAdapter } from './sms/adapter';
import { tgAdapter } from './tg/adapter';
import { waentAdapter } from './waent/adapter';
import { wawebAdapter } from './waweb/adapter';
import { webchatAdapter } from './webchat/adapter';

/** Every channel kind that runs today; each new kind's adapter joins this list. */
export const CHANNEL_ADAPTERS: readonly ChannelAdapter[] = [
  webchatAdapter,
  waentAdapter,
  wawebAdapter,
  faAdapter,
  instaAdapter,
  newchatAdapter,
  tgAdapter,
  emAdapter,
  smsAdapter,
  smartAdapter,
];
