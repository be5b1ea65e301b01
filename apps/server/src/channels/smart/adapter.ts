import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { type TSmartConfig, ZSmartConfig } from '@prosa/shared/smart';
import type { ChannelAdapter, InboundParse, OpenChannel } from '../port';
import { providerOf } from '../sms/providers/registry';
import { parseWith, resolveOf, splitEvent, verifySecret } from '../sms/webhook';
import { smartAccount } from './account';
import { sendSmart } from './send';

function parseSmart(ch: OpenChannel<TSmartConfig>, payload: unknown): InboundParse {
  return parseWith(providerOf(ch.config.gateway), smartAccount(ch), payload, (from) => ({
    externalId: from,
    name: `+${from}`,
    data: { phone: from },
  }));
}

/** Smart gateways (kind 'smart'): SMS or WhatsApp through Zenvia or Infobip; webhooks at /api/webhooks/smart/<id>/<token>. */
export const smartAdapter: ChannelAdapter<TSmartConfig> = {
  kind: 'smart',
  capabilities: capabilitiesOf('smart'),
  config: ZSmartConfig,
  inbound: {
    resolve: resolveOf<TSmartConfig>('smart'),
    verify: verifySecret,
    split: splitEvent,
    parse: parseSmart,
  },
  send: sendSmart,
};
