import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { hiddenKinds } from './channel-access';
import { toChannel } from './channel-view';
import { selectChannels } from './repository';

/**
 * GET /channels and /channels/company/{id} (the route has already resolved which company the caller may act on):
 * the company's live channels of every kind the caller may see, by name; `available` keeps the usable ones.
 */
export async function listChannels(
  deps: { db: Db },
  target: { caller: Caller; companyId: number },
  query: { available: boolean },
) {
  const rows = await selectChannels(deps.db, target.companyId, {
    hiddenKinds: await hiddenKinds(deps.db, target.caller),
    available: query.available,
  });
  return rows.map(toChannel);
}
