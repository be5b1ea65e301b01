import { ATT_MSG } from '@prosa/shared/attendance';
import { DIST_MSG } from '@prosa/shared/distribution';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { handoversFacts, updatedFact } from '../attendance/attendance-facts';
import { visibleTo } from '../attendance/repository';
import { loadViewer } from '../attendance/viewer';
import { findSector } from '../sectors/repository';
import { requestDistribution } from './schedule';

/** What going back to the waiting queue changes on an attendance (also used by scheduled returns). */
export function requeueChanges(input: { front: boolean; now: Date }) {
  return {
    operatorAssignedId: null,
    operatorAssignedName: null,
    priority: input.front ? 1 : 0,
    queuedAt: input.now,
  };
}

/**
 * POST /automaticDistribution/queue and /front-queue: attendances go back to the waiting queue (optionally of
 * another sector); the front queue puts them ahead of everyone (priority_queue).
 */
export async function returnToQueue(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { ids: number[]; sectorId?: number; front: boolean },
) {
  const viewer = await loadViewer(deps.db, caller);
  if (input.sectorId !== undefined && !(await findSector(deps.db, caller.companyId, input.sectorId)))
    throw notFound(ATT_MSG.sectorNotFound);
  const before = await deps.db
    .select()
    .from(attendances)
    .where(and(...visibleTo(viewer), inArray(attendances.id, input.ids), isNull(attendances.closedAt)));
  if (before.length === 0) throw notFound(ATT_MSG.attendanceNotFound);
  const rows = await deps.db.transaction(async (tx) => {
    const queued = await tx
      .update(attendances)
      .set({
        ...requeueChanges({ front: input.front, now: new Date() }),
        updatedAt: new Date(),
        ...(input.sectorId !== undefined ? { sectorId: input.sectorId } : {}),
      })
      .where(
        and(
          eq(attendances.companyId, caller.companyId),
          inArray(
            attendances.id,
            before.map((b) => b.id),
          ),
          isNull(attendances.closedAt),
        ),
      )
      .returning();
    const handovers = queued.flatMap((row) => {
      const prev = before.find((b) => b.id === row.id);
      return prev
        ? [{ before: prev, after: row, cause: { by: caller.userId, reason: 'requeue' as const } }]
        : [];
    });
    await writeFacts(tx, [
      ...queued.map((row) => updatedFact(row, ['priority', 'queuedAt'], caller.userId)),
      ...(await handoversFacts(tx, handovers)),
    ]);
    return queued;
  });
  await requestDistribution(deps.db, caller.companyId);
  return { message: DIST_MSG.queued, count: rows.length };
}
