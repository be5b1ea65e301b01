import { FACEBOOK_MSG } from '@prosa/shared/facebook';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { assertSector, sectorNames } from './facebook-app';
import { findPageChannel, setPageSector } from './page-repository';
import { channelPageView } from './page-view';

/** Facebook service "update": the page's default sector. */
export async function updateFacebookPage(
  deps: Pick<AppDeps, 'db' | 'channelRepository'>,
  caller: Caller,
  id: number,
  sectorId: number,
) {
  const channel = await findPageChannel(deps.db, caller.companyId, id);
  if (!channel) throw notFound(FACEBOOK_MSG.pageNotFound);
  await assertSector(deps.db, caller.companyId, sectorId);
  await setPageSector(deps.db, caller.companyId, id, sectorId);
  await deps.channelRepository.forget(id);
  return {
    message: FACEBOOK_MSG.updated,
    page: channelPageView(
      { ...channel, defaultSectorId: sectorId },
      await sectorNames(deps.db, caller.companyId),
    ),
  };
}
