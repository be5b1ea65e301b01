import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import type { ChannelAdapter } from '../port';
import { type WaentConfig, ZWaentConfig } from './config';
import { challenge, fetchMedia, parse, resolve, split, verify } from './inbound';
import { sendWaent } from './send';

/** WhatsApp Enterprise over the Cloud API (Meta's Graph API, or a broker exposing it, at the channel's URL). */
export const waentAdapter: ChannelAdapter<WaentConfig> = {
  kind: 'waent',
  capabilities: capabilitiesOf('waent'),
  config: ZWaentConfig,
  inbound: { challenge, resolve, verify, split, parse, fetchMedia },
  send: sendWaent,
};
