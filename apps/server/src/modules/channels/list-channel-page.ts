import type { TChannelPage, TChannelPageQuery } from '@prosa/shared/channel-admin';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { hiddenKinds } from './channel-access';
import { toChannel } from './channel-view';
import { selectChannelPage } from './repository';

/** GET /channels/paged (the Numbers table, 300 a page): one page of the company's live channels, by name. */
export async function listChannelPage(
  deps: { db: Db },
  caller: Caller,
  query: TChannelPageQuery,
): Promise<TChannelPage> {
  const { rows, total } = await selectChannelPage(deps.db, caller.companyId, {
    hiddenKinds: await hiddenKinds(deps.db, caller),
    available: false,
    kind: query.kind,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: rows.map(toChannel), total, page: query.page, per_page: query.per_page };
}
