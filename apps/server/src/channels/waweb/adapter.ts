import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { type TWawebConfig, ZWawebConfig } from '@prosa/shared/waweb';
import type { ChannelAdapter } from '../port';
import { sendThroughHolder } from './control-outbound';
import { parseWaweb, splitWaweb } from './inbound';
import { fetchWawebMedia } from './media-download';
import { wawebReadiness } from './readiness';

/**
 * WhatsApp by QR code (issue 13): the session runs on a channel server (channel-server.ts), which puts what it
 * receives straight in the inbox — there is no webhook to accept, so `resolve` finds nothing. Messages leave
 * through the session wherever it runs: this process's, or its holder's over the control API (control-outbound.ts).
 */
export const wawebAdapter: ChannelAdapter<TWawebConfig> = {
  kind: 'waweb',
  capabilities: capabilitiesOf('waweb'),
  config: ZWawebConfig,
  inbound: {
    resolve: async () => null,
    verify: () => false,
    split: splitWaweb,
    parse: (ch, payload) => parseWaweb(payload, { allowGroups: ch.config.allow_groups }),
    fetchMedia: (ctx, _ch, ref) => fetchWawebMedia(ctx.outbound, ref),
  },
  send: sendThroughHolder,
  readiness: (ctx, ch) => wawebReadiness(ctx.db, { companyId: ch.companyId, channelId: ch.id }),
};
