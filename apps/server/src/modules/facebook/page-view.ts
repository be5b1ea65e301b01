import type { TFacebookPage } from '@prosa/shared/facebook';
import type { PageChannel } from './page-repository';

/** A page as the screen shows it; `needs_reauth` shows it not connected (spec 2 §4). */
export function pageView(
  page: { id: string; name: string },
  channel: PageChannel | null,
  sectors: Map<number, string>,
  listed?: boolean,
): TFacebookPage {
  const state = channel?.config.state ?? 'disconnected';
  // An unlinked channel only tells the state; its id, sector and Instagram account act no more.
  const live = channel && !channel.deletedAt ? channel : null;
  const needsReauth = live?.config.needs_reauth ?? false;
  return {
    page_id: page.id,
    name: page.name,
    channel_id: live?.id ?? null,
    state,
    needs_reauth: needsReauth,
    connected: state === 'subscribed' && !needsReauth,
    default_sector_id: live?.defaultSectorId ?? null,
    sector_name: live ? (sectors.get(live.defaultSectorId) ?? null) : null,
    instagram_id: live?.config.instagram_id ?? null,
    username_instagram: live?.config.username_instagram ?? null,
    ...(listed === undefined ? {} : { listed }),
  };
}

export const channelPageView = (channel: PageChannel, sectors: Map<number, string>) =>
  pageView({ id: channel.config.page_id, name: channel.config.page_name || channel.name }, channel, sectors);
