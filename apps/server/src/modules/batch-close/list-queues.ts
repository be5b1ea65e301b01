import {
  BATCH_CLOSE_ITEMS_PER_PAGE,
  BATCH_CLOSE_MSG,
  type TBatchCloseItemState,
} from '@prosa/shared/batch-close';
import { ROLE } from '@prosa/shared/roles';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findQueue, hasQueueInProgress, listItems, listQueues } from './repository';

type Deps = Pick<AppDeps, 'db'>;

/** GET /batch-close-queue (spec 3 §7): the company's queues newest first, whether one is still working. */
export async function allQueues(deps: Deps, caller: Caller) {
  const [queues, inProgress] = await Promise.all([
    listQueues(deps.db, caller.companyId),
    hasQueueInProgress(deps.db, caller.companyId),
  ]);
  return { queues, hasInProgressQueue: inProgress, admin: caller.role === ROLE.admin };
}

/** One queue with its counters and a page of its items (the attendance's protocol, contact and status). */
export async function oneQueue(
  deps: Deps,
  caller: Caller,
  id: number,
  query: { page: number; item_status?: TBatchCloseItemState },
) {
  const queue = await findQueue(deps.db, caller.companyId, id);
  if (!queue) throw notFound(BATCH_CLOSE_MSG.notFound);
  const { items, total } = await listItems(deps.db, caller.companyId, id, query.page, query.item_status);
  return {
    queue,
    admin: caller.role === ROLE.admin,
    items,
    page: query.page,
    per_page: BATCH_CLOSE_ITEMS_PER_PAGE,
    items_total: total,
  };
}
