import type { TInstagramChannel } from '@prosa/shared/facebook';
import type { InstaChannel } from './repository';

export function instagramView(
  ch: InstaChannel,
  sectors: Map<number, string>,
  pageNames: Map<string, string>,
): TInstagramChannel {
  return {
    id: ch.id,
    name: ch.name,
    account_id: ch.config.account_id,
    username: ch.config.username,
    page_id: ch.config.page_id,
    page_name: pageNames.get(ch.config.page_id) ?? null,
    default_sector_id: ch.defaultSectorId,
    sector_name: sectors.get(ch.defaultSectorId) ?? null,
    iagree: ch.config.iagree,
    created_at: ch.createdAt.toISOString(),
  };
}
