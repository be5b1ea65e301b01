import { and, eq, isNull } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { type ChangeCause, writeAttendanceChange } from './attendance-facts';
import type { AttendanceRow } from './card';

type Changes = Partial<typeof attendances.$inferInsert>;

/**
 * Applies a change to an open attendance with its facts (which show it to everyone who sees it, and to those who
 * saw it before when its sector or operator changed). Returns null when it was closed meanwhile.
 */
export async function updateOpenAttendance(
  deps: Pick<AppDeps, 'db'>,
  before: AttendanceRow,
  changes: Changes,
  /** Who made the change and why: the facts written with it. */
  cause: ChangeCause,
  /** Runs in the same transaction before the update (e.g. locks and checks an operator's limit). */
  guard?: (tx: Tx) => Promise<void>,
  /** Runs in the same transaction after a successful update (e.g. records the finalization's message). */
  after?: (tx: Tx, updated: AttendanceRow) => Promise<void>,
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
    if (updated) {
      await writeAttendanceChange(tx, before, updated, Object.keys(changes), cause);
      if (after) await after(tx, updated);
    }
    return updated;
  });
  return row ?? null;
}
