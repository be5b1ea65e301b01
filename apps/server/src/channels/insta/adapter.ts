import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { META_MSG, type TInstaConfig, ZInstaConfig } from '@prosa/shared/meta';
import { fetchMetaMedia, refuseGeneric, resolveNone } from '../meta/inbound';
import { parse, split } from '../meta/parse';
import { sendMeta } from '../meta/send';
import type { ChannelAdapter } from '../port';
import { linkedPageReadiness } from './linked-page';

/**
 * Instagram Direct through the Instagram Graph API (Messenger Platform): a business account (route key = its
 * id) linked to a page, whose page token it uses. Story replies and mentions come as `quotedStory`.
 */
export const instaAdapter: ChannelAdapter<TInstaConfig> = {
  kind: 'insta',
  capabilities: capabilitiesOf('insta'),
  config: ZInstaConfig,
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
        windowClosed: META_MSG.instaWindowClosed,
        page: { companyId: ch.companyId, pageId: ch.config.page_id },
      },
      m,
    ),
  readiness: linkedPageReadiness,
};
