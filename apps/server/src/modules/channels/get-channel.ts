import { CHANNEL_MSG } from '@prosa/shared/channel-admin';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { assertKindAllowed } from './channel-access';
import { toChannel } from './channel-view';
import { findChannel } from './repository';

/** GET /channels/{id}: a live channel of the caller's company, of a kind the caller may read. */
export async function getChannel(deps: { db: Db }, caller: Caller, id: number) {
  const row = await findChannel(deps.db, caller.companyId, id);
  if (!row) throw notFound(CHANNEL_MSG.notFound);
  await assertKindAllowed(deps.db, caller, row.kind, 'read');
  return toChannel(row);
}
