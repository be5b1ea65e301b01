import { fetchProfile, GraphError } from '../../channels/meta/graph-client';
import { metaGraphOptions } from '../../channels/meta/graph-options';
import type { AppDeps } from '../../platform/deps';
import { OutboundError } from '../../platform/outbound-url';

export type AskedPicture = { state: 'found'; url: string } | { state: 'none' } | { state: 'unavailable' };

/**
 * A Messenger or Instagram person's picture: the profile_pic of their Graph profile, asked with the page's token
 * (Meta's picture URLs expire, so the one kept when the contact was born is only the fallback when the Graph API
 * does not answer). A removed channel, or one without a token, cannot ask.
 */
export async function metaProfilePicture(
  deps: Pick<AppDeps, 'channelRepository' | 'config' | 'outbound'>,
  contact: {
    companyId: number;
    channelId: number;
    kind: 'fa' | 'insta';
    externalId: string;
    data: Record<string, unknown>;
  },
): Promise<AskedPicture> {
  const ch = await deps.channelRepository.find(contact.companyId, contact.channelId);
  const token = ch && !ch.deletedAt ? ch.secrets.page_access_token : undefined;
  if (!token) return { state: 'unavailable' };
  const page = { token, outbound: deps.outbound, options: metaGraphOptions(deps.config) };
  try {
    const profile = await fetchProfile(page, contact.kind, contact.externalId);
    return profile.picture ? { state: 'found', url: profile.picture } : { state: 'none' };
  } catch (err) {
    if (!(err instanceof GraphError || err instanceof OutboundError)) throw err;
    const kept = contact.data.profile_pic;
    return typeof kept === 'string' && kept ? { state: 'found', url: kept } : { state: 'unavailable' };
  }
}
