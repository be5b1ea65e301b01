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
  const needsReauth = channel?.config.needs_reauth ?? false;
  return {
    page_id: page.id,
    name: page.name,
    channel_id: channel?.id ?? null,
    state,
    needs_reauth: needsReauth,
    connected: state === 'subscribed' && !needsReauth,
    default_sector_id: channel?.defaultSectorId ?? null,
    sector_name: channel ? (sectors.get(channel.defaultSectorId) ?? null) : null,
    instagram_id: channel?.config.instagram_id ?? null,
    username_instagram: channel?.config.username_instagram ?? null,
    ...(listed === undefined ? {} : { listed }),
  };
}

export const channelPageView = (channel: PageChannel, sectors: Map<number, string>) =>
  pageView({ id: channel.config.page_id, name: channel.config.page_name || channel.name }, channel, sectors);
