import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { type TSmsConfig, ZSmsConfig } from '@prosa/shared/sms';
import type { ChannelAdapter } from '../port';
import { parseSms } from './inbound';
import { sendSms } from './send';
import { resolveOf, splitEvent, verifySecret } from './webhook';

/** SMS channels (kind 'sms'): one broker each; its webhooks reach /api/webhooks/sms/<id>/<token>. */
export const smsAdapter: ChannelAdapter<TSmsConfig> = {
  kind: 'sms',
  capabilities: capabilitiesOf('sms'),
  config: ZSmsConfig,
  inbound: {
    resolve: resolveOf<TSmsConfig>('sms'),
    verify: verifySecret,
    split: splitEvent,
    parse: parseSms,
  },
  send: sendSms,
};
