import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { META_MSG, type TFaConfig, ZFaConfig } from '@prosa/shared/meta';
import { fetchMetaMedia, refuseGeneric, resolveNone } from '../meta/inbound';
import { parse, split } from '../meta/parse';
import { sendMeta } from '../meta/send';
import type { ChannelAdapter } from '../port';

/** Facebook Messenger: a page (route key = the page id) with its page token; events by the app webhook. */
export const faAdapter: ChannelAdapter<TFaConfig> = {
  kind: 'fa',
  capabilities: capabilitiesOf('fa'),
  config: ZFaConfig,
  inbound: {
    resolve: resolveNone,
    verify: refuseGeneric,
    split,
    parse,
    fetchMedia: fetchMetaMedia,
  },
  send: (ctx, ch, m) =>
    sendMeta(
      ctx,
      ch,
      {
        sender: ch.routeKey,
        windowClosed: META_MSG.windowClosed,
        page: { companyId: ch.companyId, pageId: ch.routeKey },
      },
      m,
    ),
  // A page whose token Meta refused, or that was unlinked, sends nothing until an admin acts.
  readiness: async (_ctx, ch) =>
    ch.config.needs_reauth ? META_MSG.reauth : ch.config.state === 'unlinked' ? META_MSG.relink : null,
};
