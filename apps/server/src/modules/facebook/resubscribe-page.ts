import { FACEBOOK_MSG, graphErrorAction } from '@prosa/shared/facebook';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { asUserError, openToken, sectorNames } from './facebook-app';
import { FacebookGraphError, subscribeApp, unsubscribeApp } from './graph-api';
import { findPageChannel, setPageConfig } from './page-repository';
import { channelPageView } from './page-view';

type Deps = Pick<AppDeps, 'db' | 'config' | 'outbound' | 'appSecret' | 'channelRepository'>;

/**
 * Spec 2 §4: unsubscribe, then subscribe the app to the page's fields again, with the page's token. When
 * Facebook says the token or the permission is gone (spec 2 §8), the page is marked needs_reauth: it shows not
 * connected until the login is redone and the page connected again.
 */
export async function resubscribeFacebookPage(deps: Deps, caller: Caller, id: number) {
  const channel = await findPageChannel(deps.db, caller.companyId, id);
  if (!channel) throw notFound(FACEBOOK_MSG.pageNotFound);
  const token = openToken(channel.pageTokenSealed, deps.appSecret);
  try {
    await unsubscribeApp(deps, channel.config.page_id, token);
    await subscribeApp(deps, channel.config.page_id, token);
  } catch (err) {
    if (err instanceof FacebookGraphError && graphErrorAction(err) !== 'provider') {
      await setPageConfig(deps.db, caller.companyId, id, { ...channel.config, needs_reauth: true });
      await deps.channelRepository.forget(id);
    }
    throw asUserError(err);
  }
  const config = { ...channel.config, state: 'subscribed' as const };
  await setPageConfig(deps.db, caller.companyId, id, config);
  await deps.channelRepository.forget(id);
  return {
    message: FACEBOOK_MSG.resubscribed,
    page: channelPageView({ ...channel, config }, await sectorNames(deps.db, caller.companyId)),
  };
}
