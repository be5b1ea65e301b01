import type { TFacebookPages } from '@prosa/shared/facebook';
import type { AppDeps, Caller } from '../../platform/deps';
import { openToken, sectorNames } from './facebook-app';
import { FacebookGraphError, type GraphPage, listUserPages } from './graph-api';
import { findLogin } from './login-repository';
import { listPageChannels, listUnlinkedPages, type PageChannel } from './page-repository';
import { pageView } from './page-view';

/**
 * Facebook service "pages": the logged user's pages (`/me/accounts`, every page of 25) merged with the
 * company's connected pages; pages connected earlier that the user does not manage come after, unlisted. A page
 * of the user's list that was unlinked shows as unlinked (without its channel, which no longer acts).
 */
export async function listFacebookPages(
  deps: Pick<AppDeps, 'db' | 'config' | 'outbound' | 'appSecret'>,
  caller: Caller,
): Promise<TFacebookPages> {
  const login = await findLogin(deps.db, caller.companyId);
  const token = login ? openToken(login.tokenSealed, deps.appSecret) : '';
  let listed: GraphPage[] = [];
  let logged = false;
  if (token) {
    try {
      listed = await listUserPages(deps, token);
      logged = true;
    } catch (err) {
      // A token Facebook no longer accepts means the login must be done again; the connected pages still show.
      if (!(err instanceof FacebookGraphError)) throw err;
    }
  }
  const channels = await listPageChannels(deps.db, caller.companyId);
  const names = await sectorNames(deps.db, caller.companyId);
  const byPage = new Map<string, PageChannel>();
  // A page unlinked and not connected again stays "Desvinculada" (spec 2 §4); a live channel wins over it.
  for (const c of [...(await listUnlinkedPages(deps.db, caller.companyId)), ...channels])
    byPage.set(c.config.page_id, c);
  const seen = new Set(listed.map((p) => p.id));
  return {
    logged,
    pages: [
      ...listed.map((p) => pageView(p, byPage.get(p.id) ?? null, names, true)),
      ...channels
        .filter((c) => !seen.has(c.config.page_id))
        .map((c) => pageView({ id: c.config.page_id, name: c.config.page_name || c.name }, c, names, false)),
    ],
  };
}
