import { META_MSG, type TInstaConfig, ZFaConfig } from '@prosa/shared/meta';
import { and, eq, isNull } from 'drizzle-orm';
import { channels } from '../../db/schema/channels';
import type { ChannelCtx, OpenChannel } from '../port';

/** An Instagram account sends with its page's token: nothing leaves while that page must be authenticated again. */
export async function linkedPageReadiness(
  ctx: ChannelCtx,
  ch: OpenChannel<TInstaConfig>,
): Promise<string | null> {
  const [page] = await ctx.db
    .select({ config: channels.config })
    .from(channels)
    .where(
      and(
        eq(channels.companyId, ch.companyId),
        eq(channels.kind, 'fa'),
        eq(channels.routeKey, ch.config.page_id),
        isNull(channels.deletedAt),
      ),
    )
    .limit(1);
  const config = ZFaConfig.safeParse(page?.config);
  // A page not (or no longer) connected here: the account's own token is all there is, Meta answers for it.
  if (!config.success) return null;
  return config.data.needs_reauth ? META_MSG.reauth : null;
}
