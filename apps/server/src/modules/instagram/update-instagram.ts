import { FACEBOOK_MSG, type TInstagramPatch } from '@prosa/shared/facebook';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { assertSector } from '../facebook/facebook-app';
import { instagramOf } from './list-instagram';
import { findInstaChannel, patchInstaChannel } from './repository';

/** Instagram "update" / "updateSector": the channel's name and default sector. */
export async function updateInstagram(
  deps: Pick<AppDeps, 'db' | 'channelRepository'>,
  caller: Caller,
  id: number,
  input: TInstagramPatch,
) {
  const ch = await findInstaChannel(deps.db, caller.companyId, id);
  if (!ch) throw notFound(FACEBOOK_MSG.instagramNotFound);
  if (input.sector_id !== undefined) await assertSector(deps.db, caller.companyId, input.sector_id);
  await patchInstaChannel(deps.db, caller.companyId, id, {
    name: input.name ?? ch.name,
    defaultSectorId: input.sector_id ?? ch.defaultSectorId,
  });
  await deps.channelRepository.forget(id);
  const channel = await instagramOf(deps, caller.companyId, id);
  if (!channel) throw notFound(FACEBOOK_MSG.instagramNotFound);
  return { message: FACEBOOK_MSG.instagramSaved, channel };
}
