import { ATT_MSG } from '@prosa/shared/attendance';
import { ERROR_CODE } from '@prosa/shared/messages';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import type { AttendanceRow } from './card';
import { findVisibleAttendance } from './repository';
import { loadViewer, type Viewer } from './viewer';

/** The caller as viewer and the attendance they act on: 404 when they may not see it, 409 when it is closed. */
export async function loadForAction(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  attendanceId: number,
  opts: { allowClosed?: boolean } = {},
): Promise<{ viewer: Viewer; attendance: AttendanceRow }> {
  const viewer = await loadViewer(deps.db, caller);
  const attendance = await findVisibleAttendance(deps.db, viewer, attendanceId);
  if (!attendance) throw notFound(ATT_MSG.attendanceNotFound);
  if (attendance.closedAt && !opts.allowClosed)
    throw new AppError(ERROR_CODE.conflict, ATT_MSG.alreadyClosed, 409);
  return { viewer, attendance };
}
