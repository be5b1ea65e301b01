import { FACEBOOK_MSG, type TInstagramInput } from '@prosa/shared/facebook';
import { encryptSecret } from '../../platform/crypto';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { assertSector, asUserError, isUniqueViolation, openToken } from '../facebook/facebook-app';
import { pageInstagram } from '../facebook/graph-api';
import { findLivePage, setPageConfig } from '../facebook/page-repository';
import { instagramOf } from './list-instagram';
import {
  findLiveAccount,
  findRemovedAccount,
  type InstaValues,
  insertInstaChannel,
  saveInstaChannel,
} from './repository';

type Deps = Pick<AppDeps, 'db' | 'config' | 'outbound' | 'appSecret' | 'channelRepository'>;

/**
 * Instagram "create": the Instagram business account linked to one of the company's connected pages (read from
 * the Graph API with the page's token, username included) becomes an `insta` channel, with the terms accepted
 * (iagree). There is no username and password: see docs/decisions (Instagram Graph API).
 */
export async function createInstagram(deps: Deps, caller: Caller, input: TInstagramInput) {
  await assertSector(deps.db, caller.companyId, input.sector_id);
  const page = await findLivePage(deps.db, input.page_id);
  if (
    !page ||
    page.companyId !== caller.companyId ||
    page.config.state !== 'subscribed' ||
    page.config.needs_reauth
  )
    throw badRequest(FACEBOOK_MSG.instagramPageNotConnected);
  const token = openToken(page.pageTokenSealed, deps.appSecret);
  let account: { id: string; username: string } | null;
  try {
    account = await pageInstagram(deps, page.config.page_id, token);
  } catch (err) {
    throw asUserError(err);
  }
  if (!account) throw badRequest(FACEBOOK_MSG.instagramNoAccount);
  if (await findLiveAccount(deps.db, account.id)) throw badRequest(FACEBOOK_MSG.instagramTaken);

  const values: InstaValues = {
    name: input.name,
    defaultSectorId: input.sector_id,
    config: {
      account_id: account.id,
      username: account.username,
      page_id: page.config.page_id,
      iagree: true,
    },
    pageTokenSealed: encryptSecret(token, deps.appSecret),
  };
  const removed = await findRemovedAccount(deps.db, caller.companyId, account.id);
  let id: number;
  if (removed) {
    await saveInstaChannel(deps.db, caller.companyId, removed.id, values);
    id = removed.id;
  } else {
    id = await insertInstaChannel(deps.db, caller.companyId, values).catch((err: unknown) => {
      throw isUniqueViolation(err) ? badRequest(FACEBOOK_MSG.instagramTaken) : err;
    });
  }
  // The page shows its Instagram account (spec 2 §3: instagram_id, username_instagram).
  await setPageConfig(deps.db, caller.companyId, page.id, {
    ...page.config,
    instagram_id: account.id,
    username_instagram: account.username || null,
  });
  await deps.channelRepository.forget(page.id);
  await deps.channelRepository.forget(id);
  const channel = await instagramOf(deps, caller.companyId, id);
  if (!channel) throw notFound(FACEBOOK_MSG.instagramNotFound);
  return { message: FACEBOOK_MSG.instagramSaved, channel };
}
