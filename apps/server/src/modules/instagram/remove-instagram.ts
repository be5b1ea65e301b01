import { FACEBOOK_MSG } from '@prosa/shared/facebook';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findLivePage, setPageConfig } from '../facebook/page-repository';
import { findInstaChannel, removeInstaChannel } from './repository';

/** Instagram "destroy": the channel is removed, and its page no longer shows the account. */
export async function removeInstagram(
  deps: Pick<AppDeps, 'db' | 'channelRepository'>,
  caller: Caller,
  id: number,
) {
  const ch = await findInstaChannel(deps.db, caller.companyId, id);
  if (!ch) throw notFound(FACEBOOK_MSG.instagramNotFound);
  await removeInstaChannel(deps.db, caller.companyId, id);
  await deps.channelRepository.forget(id);
  const page = await findLivePage(deps.db, ch.config.page_id);
  if (page && page.companyId === caller.companyId && page.config.instagram_id === ch.config.account_id) {
    await setPageConfig(deps.db, caller.companyId, page.id, {
      ...page.config,
      instagram_id: null,
      username_instagram: null,
    });
    await deps.channelRepository.forget(page.id);
  }
  return { message: FACEBOOK_MSG.instagramRemoved };
}
