import { FACEBOOK_MSG } from '@prosa/shared/facebook';
import type { TFaConfig } from '@prosa/shared/meta';
import { encryptSecret } from '../../platform/crypto';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { assertSector, asUserError, isUniqueViolation, openToken, sectorNames } from './facebook-app';
import { FacebookGraphError, listUserPages, pageInstagram, subscribeApp } from './graph-api';
import { findLogin } from './login-repository';
import {
  findLivePage,
  findPageChannel,
  findRemovedPage,
  insertPageChannel,
  type PageValues,
  savePageChannel,
} from './page-repository';
import { channelPageView } from './page-view';

type Deps = Pick<AppDeps, 'db' | 'config' | 'outbound' | 'appSecret' | 'channelRepository'>;

/**
 * Facebook service "subscribe": the page's token from the logged user's pages, its Instagram business account,
 * the app subscribed to the page's webhook fields; then the page is the company's `fa` channel, state
 * 'subscribed' and needs_reauth cleared — created, revived when it was unlinked, or refreshed.
 */
export async function connectFacebookPage(deps: Deps, caller: Caller, pageId: string, sectorId: number) {
  await assertSector(deps.db, caller.companyId, sectorId);
  const login = await findLogin(deps.db, caller.companyId);
  const token = login ? openToken(login.tokenSealed, deps.appSecret) : '';
  if (!token) throw badRequest(FACEBOOK_MSG.notLogged);
  try {
    const listed = await listUserPages(deps, token).catch((err: unknown) => {
      // The user's token refused: the login is what must be done again, not the page's link.
      throw err instanceof FacebookGraphError ? badRequest(FACEBOOK_MSG.notLogged) : err;
    });
    const page = listed.find((p) => p.id === pageId);
    if (!page) throw notFound(FACEBOOK_MSG.pageNotFound);
    const live = await findLivePage(deps.db, pageId);
    if (live && live.companyId !== caller.companyId) throw badRequest(FACEBOOK_MSG.pageOtherCompany);
    const instagram = await pageInstagram(deps, pageId, page.accessToken).catch((err: unknown) => {
      // A page without Instagram permission is still a Messenger page.
      if (err instanceof FacebookGraphError) return null;
      throw err;
    });
    await subscribeApp(deps, pageId, page.accessToken);

    const config: TFaConfig = {
      page_id: pageId,
      page_name: page.name,
      state: 'subscribed',
      needs_reauth: false,
      instagram_id: instagram?.id ?? null,
      username_instagram: instagram?.username || null,
    };
    const values: PageValues = {
      name: page.name,
      defaultSectorId: sectorId,
      config,
      pageTokenSealed: encryptSecret(page.accessToken, deps.appSecret),
    };
    const existing = live ?? (await findRemovedPage(deps.db, caller.companyId, pageId));
    let id: number;
    if (existing) {
      await savePageChannel(deps.db, caller.companyId, existing.id, values);
      id = existing.id;
    } else {
      id = await insertPageChannel(deps.db, caller.companyId, values).catch((err: unknown) => {
        throw isUniqueViolation(err) ? badRequest(FACEBOOK_MSG.pageOtherCompany) : err;
      });
    }
    await deps.channelRepository.forget(id);
    const saved = await findPageChannel(deps.db, caller.companyId, id);
    if (!saved) throw notFound(FACEBOOK_MSG.pageNotFound);
    return {
      message: FACEBOOK_MSG.connected,
      page: channelPageView(saved, await sectorNames(deps.db, caller.companyId)),
    };
  } catch (err) {
    throw asUserError(err);
  }
}
