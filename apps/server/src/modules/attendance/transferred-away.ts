import { ATT_MSG } from '@prosa/shared/attendance';
import { ERROR_CODE } from '@prosa/shared/messages';
import { and, eq } from 'drizzle-orm';
import { attendanceViews, messages } from '../../db/schema/attendance';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { findAttendance } from './repository';

/** Spec 1 §5, §8: the operator acts on a chat that went to another operator (distribution or transfer). */
export const transferredError = () => new AppError(ERROR_CODE.transferred, ATT_MSG.transferred, 403);

/**
 * Why an attendance of the caller's company is no longer theirs to act on, when they had it before (they
 * opened it or wrote in it): it went to someone else, or it was finalized. Null when the caller never had
 * it, so a stranger's id still answers 404 and tells nothing.
 */
export async function whyNoLongerTheirs(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  attendanceId: number,
): Promise<AppError | null> {
  const attendance = await findAttendance(deps.db, caller.companyId, attendanceId);
  if (!attendance) return null;
  const [viewed] = await deps.db
    .select({ at: attendanceViews.viewedAt })
    .from(attendanceViews)
    .where(
      and(
        eq(attendanceViews.companyId, caller.companyId),
        eq(attendanceViews.attendanceId, attendance.id),
        eq(attendanceViews.userId, caller.userId),
      ),
    )
    .limit(1);
  const [wrote] = viewed
    ? [viewed]
    : await deps.db
        .select({ at: messages.sentAt })
        .from(messages)
        .where(
          and(
            eq(messages.companyId, caller.companyId),
            eq(messages.attendanceId, attendance.id),
            eq(messages.operatorId, caller.userId),
          ),
        )
        .limit(1);
  const had = viewed ?? wrote;
  if (!had) return null;
  if (attendance.closedAt) return new AppError(ERROR_CODE.conflict, ATT_MSG.alreadyClosed, 409);
  return transferredError();
}
