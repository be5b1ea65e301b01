import { ATT_MSG } from '@prosa/shared/attendance';
import { META_MSG } from '@prosa/shared/company-metadata';
import { ERROR_CODE } from '@prosa/shared/messages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, forbidden } from '../../platform/errors';
import { companyMetadataOf } from '../company-metadata/get-metadata';
import { updatedFact } from './attendance-facts';
import { toCard } from './card';
import { loadForAction } from './load-for-action';

/**
 * Read/unread (attendance settings tab): the operator marks an open card as unread to come back to it. The
 * state is the card's own unread count (at least 1 now), so every tab and screen that shows the card sees it,
 * and opening the card as its operator reads it again.
 */
export async function markUnread(deps: Pick<AppDeps, 'db'>, caller: Caller, input: { attendanceId: number }) {
  const meta = await companyMetadataOf(deps.db, caller.companyId);
  if (!meta.read_unread.enabled) throw forbidden(META_MSG.readUnreadDisabled);
  const { attendance } = await loadForAction(deps, caller, input.attendanceId);
  if (attendance.unreadCount > 0) return { message: META_MSG.markedUnread, card: toCard(attendance) };
  const row = await deps.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(attendances)
      .set({ unreadCount: sql`greatest(${attendances.unreadCount}, 1)`, updatedAt: new Date() })
      .where(
        and(
          eq(attendances.companyId, caller.companyId),
          eq(attendances.id, attendance.id),
          isNull(attendances.closedAt),
        ),
      )
      .returning();
    if (marked) await writeFacts(tx, [updatedFact(marked, ['unreadCount'], caller.userId)]);
    return marked;
  });
  if (!row) throw new AppError(ERROR_CODE.conflict, ATT_MSG.alreadyClosed, 409);
  const card = toCard(row);
  return { message: META_MSG.markedUnread, card };
}
