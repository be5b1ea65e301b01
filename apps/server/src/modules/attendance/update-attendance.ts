import { and, eq, isNull } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { type ChangeCause, writeAttendanceChange } from './attendance-facts';
import { type AttendanceRow, toCard } from './card';

type Changes = Partial<typeof attendances.$inferInsert>;

/**
 * Applies a change to an open attendance and tells everyone who sees it (and those who saw it before, when
 * its sector or operator changed). Returns null when it was closed meanwhile.
 */
export async function updateOpenAttendance(
  deps: Pick<AppDeps, 'db' | 'events'>,
  before: AttendanceRow,
  changes: Changes,
  /** Who made the change and why: the facts written with it. */
  cause: ChangeCause,
  /** Runs in the same transaction before the update (e.g. locks and checks an operator's limit). */
  guard?: (tx: Tx) => Promise<void>,
): Promise<AttendanceRow | null> {
  const row = await deps.db.transaction(async (tx) => {
    if (guard) await guard(tx);
    const [updated] = await tx
      .update(attendances)
      .set({ ...changes, updatedAt: new Date() })
      .where(
        and(
          eq(attendances.companyId, before.companyId),
          eq(attendances.id, before.id),
          isNull(attendances.closedAt),
        ),
      )
      .returning();
    if (updated) await writeAttendanceChange(tx, before, updated, Object.keys(changes), cause);
    return updated;
  });
  if (!row) return null;
  const card = toCard(row);
  if (row.closedAt) {
    deps.events.emit('attendance:closed', { companyId: row.companyId, card });
  } else {
    const moved = row.sectorId !== before.sectorId || row.operatorAssignedId !== before.operatorAssignedId;
    deps.events.emit('attendance:changed', {
      companyId: row.companyId,
      card,
      previous: moved ? { sectorId: before.sectorId, operatorAssignedId: before.operatorAssignedId } : null,
    });
  }
  return row;
}
