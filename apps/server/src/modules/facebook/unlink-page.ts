import { FACEBOOK_MSG } from '@prosa/shared/facebook';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { openToken } from './facebook-app';
import { FacebookGraphError, unsubscribeApp } from './graph-api';
import { findPageChannel, unlinkPageChannel } from './page-repository';

/**
 * Facebook service "remove": the app leaves the page's webhooks and the page is unlinked (state 'unlinked',
 * channel removed; connecting it again revives it).
 */
export async function unlinkFacebookPage(
  deps: Pick<AppDeps, 'db' | 'config' | 'outbound' | 'appSecret' | 'channelRepository'>,
  caller: Caller,
  id: number,
) {
  const channel = await findPageChannel(deps.db, caller.companyId, id);
  if (!channel) throw notFound(FACEBOOK_MSG.pageNotFound);
  try {
    await unsubscribeApp(deps, channel.config.page_id, openToken(channel.pageTokenSealed, deps.appSecret));
  } catch (err) {
    // A token Facebook no longer accepts cannot unsubscribe, and must not keep the page linked here: events
    // of an unlinked page find no channel and are dropped.
    if (!(err instanceof FacebookGraphError)) throw err;
  }
  await unlinkPageChannel(deps.db, caller.companyId, id, { ...channel.config, state: 'unlinked' });
  await deps.channelRepository.forget(id);
  return { message: FACEBOOK_MSG.unlinked };
}
