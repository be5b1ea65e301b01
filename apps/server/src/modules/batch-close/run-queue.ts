import { BATCH_CLOSE_MSG } from '@prosa/shared/batch-close';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { batchCloseItems, batchCloseQueues } from '../../db/schema/batch-close';
import { users } from '../../db/schema/users';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { applyAction } from './apply-action';
import { pendingItems, type QueueRow } from './repository';

/** A running queue whose heartbeat (locked_at) is older than this lost its runner: another may resume it. */
export const BATCH_CLOSE_STALE_MS = 60_000;
const BATCH = 50;
/** Items of different attendances run side by side (each in its own transactions), a few at a time. */
const PARALLEL = 4;
/** The screens hear of the progress every this many items (and at the start and the end). */
const NOTIFY_EVERY = 10;

const q = batchCloseQueues;

function fact(companyId: number, queueId: number) {
  return { name: 'batch_close.updated' as const, companyId, data: { queue_id: queueId } };
}

/** Takes the queue for this runner: a prepared one, or a running one whose runner stopped beating. */
async function claim(
  deps: Pick<AppDeps, 'db'>,
  companyId: number,
  queueId: number,
): Promise<QueueRow | null> {
  return deps.db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(q)
      .set({
        status: 'running',
        startedAt: sql`coalesce(${q.startedAt}, now())`,
        lockedAt: now,
        updatedAt: now,
      })
      .where(
        ofCompany(
          q,
          companyId,
          eq(q.id, queueId),
          or(
            eq(q.status, 'prepared'),
            and(
              eq(q.status, 'running'),
              or(isNull(q.lockedAt), lt(q.lockedAt, new Date(now.getTime() - BATCH_CLOSE_STALE_MS))),
            ),
          ),
        ),
      )
      .returning();
    if (row) await writeFacts(tx, [fact(companyId, queueId)]);
    return row ?? null;
  });
}

async function creatorAsCaller(deps: Pick<AppDeps, 'db'>, queue: QueueRow): Promise<Caller | null> {
  const [user] = await deps.db
    .select({ id: users.id, displayName: users.displayName, role: users.role })
    .from(users)
    .where(
      and(eq(users.companyId, queue.companyId), eq(users.id, queue.createdBy), isNull(users.inactiveSince)),
    )
    .limit(1);
  if (!user) return null;
  return {
    sessionId: `batch-close:${queue.id}`,
    userId: user.id,
    companyId: queue.companyId,
    role: user.role,
    displayName: user.displayName,
  };
}

async function stillRunning(deps: Pick<AppDeps, 'db'>, queue: QueueRow): Promise<boolean> {
  const [row] = await deps.db
    .select({ status: q.status })
    .from(q)
    .where(ofCompany(q, queue.companyId, eq(q.id, queue.id)));
  return row?.status === 'running';
}

/** Records an item's outcome with the queue's counters and heartbeat; false when the queue stopped running. */
async function record(
  deps: Pick<AppDeps, 'db'>,
  queue: QueueRow,
  attendanceId: number,
  error: string | null,
  notify: boolean,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    const [item] = await tx
      .update(batchCloseItems)
      .set({ status: error ? 'skipped' : 'done', error, processedAt: now })
      .where(
        ofCompany(
          batchCloseItems,
          queue.companyId,
          eq(batchCloseItems.queueId, queue.id),
          eq(batchCloseItems.attendanceId, attendanceId),
          eq(batchCloseItems.status, 'pending'),
        ),
      )
      .returning({ id: batchCloseItems.attendanceId });
    if (!item) return;
    await tx
      .update(q)
      .set({
        ...(error ? { failedCount: sql`${q.failedCount} + 1` } : { doneCount: sql`${q.doneCount} + 1` }),
        lockedAt: now,
        updatedAt: now,
      })
      .where(ofCompany(q, queue.companyId, eq(q.id, queue.id)));
    if (notify) await writeFacts(tx, [fact(queue.companyId, queue.id)]);
  });
}

async function finish(deps: Pick<AppDeps, 'db'>, queue: QueueRow, failAll: string | null) {
  await deps.db.transaction(async (tx) => {
    if (failAll)
      await tx
        .update(batchCloseItems)
        .set({ status: 'skipped', error: failAll, processedAt: new Date() })
        .where(
          ofCompany(
            batchCloseItems,
            queue.companyId,
            eq(batchCloseItems.queueId, queue.id),
            eq(batchCloseItems.status, 'pending'),
          ),
        );
    const now = new Date();
    const [row] = await tx
      .update(q)
      .set({
        // Every item failed: the queue ends in Erro; otherwise Concluído.
        status: sql`case when ${failAll !== null} or (${q.doneCount} = 0 and ${q.total} > 0) then 'error' else 'done' end`,
        failedCount: failAll
          ? sql`(select count(*)::int from batch_close_items i where i.company_id = ${queue.companyId} and i.queue_id = ${queue.id} and i.status = 'skipped')`
          : q.failedCount,
        error:
          failAll ??
          sql`case when ${q.doneCount} = 0 and ${q.total} > 0 then ${BATCH_CLOSE_MSG.allFailed} else null end`,
        finishedAt: now,
        lockedAt: null,
        updatedAt: now,
      })
      .where(ofCompany(q, queue.companyId, eq(q.id, queue.id), eq(q.status, 'running')))
      .returning({ id: q.id });
    if (row) await writeFacts(tx, [fact(queue.companyId, queue.id)]);
  });
}

/**
 * The `batch-close.run` job (spec 3 §4): Executando, each pending item through the chat's operation, Falhou with
 * the operation's reason when it cannot; Concluído at the end (Erro when none could be done). Re-entrant: a run
 * that died is resumed from its pending items once its heartbeat is stale; a canceled queue stops at the next item.
 */
export async function runQueue(deps: AppDeps, input: { companyId: number; queueId: number }) {
  const queue = await claim(deps, input.companyId, input.queueId);
  if (!queue) return;
  const caller = await creatorAsCaller(deps, queue);
  if (!caller) {
    await finish(deps, queue, BATCH_CLOSE_MSG.creatorInactive);
    return;
  }
  let processed = 0;
  for (;;) {
    const batch = await pendingItems(deps.db, queue.companyId, queue.id, BATCH);
    if (batch.length === 0) break;
    for (let i = 0; i < batch.length; i += PARALLEL) {
      // Canceled: stop before the next items (those under way end).
      if (!(await stillRunning(deps, queue))) return;
      await Promise.all(
        batch.slice(i, i + PARALLEL).map(async (item) => {
          let error: string | null = null;
          try {
            await applyAction(deps, caller, queue, item.attendanceId);
          } catch (err) {
            error = err instanceof AppError ? err.message : BATCH_CLOSE_MSG.unexpected;
          }
          processed += 1;
          await record(deps, queue, item.attendanceId, error, processed % NOTIFY_EVERY === 0);
        }),
      );
    }
  }
  await finish(deps, queue, null);
}
