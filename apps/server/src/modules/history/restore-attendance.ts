import { ATT_MSG } from '@prosa/shared/attendance';
import { HISTORY_MSG } from '@prosa/shared/history';
import { ERROR_CODE } from '@prosa/shared/messages';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { toCard } from '../attendance/card';
import { visibleTo } from '../attendance/repository';
import { loadViewer } from '../attendance/viewer';

/** restoreContact: reopens the contact's latest closed attendance, unless the contact already has an open one. */
export async function restoreAttendance(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { contactId: number },
) {
  const viewer = await loadViewer(deps.db, caller);
  const open = await deps.db
    .select({ id: attendances.id })
    .from(attendances)
    .where(
      and(
        eq(attendances.companyId, caller.companyId),
        eq(attendances.contactId, input.contactId),
        isNull(attendances.closedAt),
      ),
    )
    .limit(1);
  if (open.length > 0) throw new AppError(ERROR_CODE.conflict, HISTORY_MSG.alreadyOpen, 409);
  const [last] = await deps.db
    .select()
    .from(attendances)
    .where(
      and(
        ...visibleTo({ ...viewer, mode: 'ALL' }),
        eq(attendances.contactId, input.contactId),
        isNotNull(attendances.closedAt),
      ),
    )
    .orderBy(desc(attendances.id))
    .limit(1);
  if (!last) throw notFound(ATT_MSG.attendanceNotFound);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [reopened] = await tx
        .update(attendances)
        .set({
          closedAt: null,
          closedByUserId: null,
          closedByUserName: null,
          statusId: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(attendances.companyId, caller.companyId),
            eq(attendances.id, last.id),
            isNotNull(attendances.closedAt),
          ),
        )
        .returning();
      if (!reopened) throw new AppError(ERROR_CODE.conflict, HISTORY_MSG.restoreError, 409);
      await writeFacts(tx, [
        {
          companyId: caller.companyId,
          attendanceId: reopened.id,
          actorUserId: caller.userId,
          name: 'attendance.reopened',
          data: { by: caller.userId },
        },
      ]);
      return reopened;
    });
    return { message: HISTORY_MSG.restored, card: toCard(row) };
  } catch (err) {
    // The partial unique index refuses a second open attendance created meanwhile.
    if (err instanceof AppError) throw err;
    throw new AppError(ERROR_CODE.conflict, HISTORY_MSG.restoreError, 409);
  }
}
