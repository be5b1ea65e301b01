import { BATCH_CLOSE_IN_PROGRESS, BATCH_CLOSE_MSG } from '@prosa/shared/batch-close';
import { ERROR_CODE } from '@prosa/shared/messages';
import { eq, inArray } from 'drizzle-orm';
import { batchCloseQueues } from '../../db/schema/batch-close';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { findQueue, findQueueRow } from './repository';

/** Cancel bulk action {id} (spec 3 §7): a queue still working stops; the run ends before its next item. */
export async function cancelQueue(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  const before = await findQueueRow(deps.db, caller.companyId, id);
  if (!before) throw notFound(BATCH_CLOSE_MSG.notFound);
  const changed = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(batchCloseQueues)
      .set({ status: 'canceled', canceledBy: caller.userId, finishedAt: now, updatedAt: now })
      .where(
        ofCompany(
          batchCloseQueues,
          caller.companyId,
          eq(batchCloseQueues.id, id),
          inArray(batchCloseQueues.status, [...BATCH_CLOSE_IN_PROGRESS]),
        ),
      )
      .returning({ id: batchCloseQueues.id });
    if (row)
      await writeFacts(tx, [
        {
          name: 'batch_close.updated',
          companyId: caller.companyId,
          actorUserId: caller.userId,
          data: { queue_id: id },
        },
      ]);
    return !!row;
  });
  if (!changed) throw new AppError(ERROR_CODE.conflict, BATCH_CLOSE_MSG.notCancelable, 409);
  const queue = await findQueue(deps.db, caller.companyId, id);
  if (!queue) throw notFound(BATCH_CLOSE_MSG.notFound);
  return { message: BATCH_CLOSE_MSG.canceled, queue };
}
