import { and, eq, isNull } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { Db } from '../../platform/db';
import { handoverFacts } from './attendance-facts';
import type { AttendanceRow } from './card';

/**
 * Takes an unassigned open attendance for a user: one conditional update, so of two operators opening the
 * same card at once only one gets it. Returns the updated row, or null when someone else got it first.
 */
export async function takeIfUnassigned(
  db: Db,
  input: { companyId: number; attendanceId: number; userId: number; userName: string },
): Promise<AttendanceRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(attendances)
      .set({ operatorAssignedId: input.userId, operatorAssignedName: input.userName, updatedAt: new Date() })
      .where(
        and(
          eq(attendances.companyId, input.companyId),
          eq(attendances.id, input.attendanceId),
          isNull(attendances.operatorAssignedId),
          isNull(attendances.closedAt),
        ),
      )
      .returning();
    if (!row) return null;
    const before = { sectorId: row.sectorId, operatorAssignedId: null };
    await writeFacts(tx, await handoverFacts(tx, before, row, { by: input.userId, reason: 'take' }));
    return row;
  });
}
