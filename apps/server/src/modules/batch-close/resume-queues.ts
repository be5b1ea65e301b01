import { BATCH_CLOSE_MSG } from '@prosa/shared/batch-close';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { batchCloseQueues } from '../../db/schema/batch-close';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps } from '../../platform/deps';
import { queueRun } from './create-queue';
import { BATCH_CLOSE_STALE_MS } from './run-queue';

const q = batchCloseQueues;
/** A queue still Configurando after this long lost its creating request. */
const PREPARING_STALE_MS = 5 * 60_000;

/**
 * The recurring sweep (every company): a prepared queue whose job was lost, or a running one whose runner stopped
 * beating, is queued again; a queue left Configurando by a crash ends in Erro.
 */
export async function resumeQueues(deps: Pick<AppDeps, 'db' | 'queue'>) {
  const now = Date.now();
  await deps.db.transaction(async (tx) => {
    const failed = await tx
      .update(q)
      .set({
        status: 'error',
        error: BATCH_CLOSE_MSG.saveError,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(q.status, 'preparing'), lt(q.createdAt, new Date(now - PREPARING_STALE_MS))))
      .returning({ companyId: q.companyId, id: q.id });
    await writeFacts(
      tx,
      failed.map((f) => ({
        name: 'batch_close.updated' as const,
        companyId: f.companyId,
        data: { queue_id: f.id },
      })),
    );
  });
  const stuck = await deps.db
    .select({ companyId: q.companyId, id: q.id })
    .from(q)
    .where(
      or(
        and(eq(q.status, 'prepared'), lt(q.updatedAt, new Date(now - 30_000))),
        and(
          eq(q.status, 'running'),
          or(isNull(q.lockedAt), lt(q.lockedAt, new Date(now - BATCH_CLOSE_STALE_MS))),
        ),
      ),
    )
    .limit(100);
  for (const s of stuck) await queueRun(deps, s.companyId, s.id);
  return stuck.length;
}
