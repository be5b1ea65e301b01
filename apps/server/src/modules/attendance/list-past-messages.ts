import { ATT_MSG } from '@prosa/shared/attendance';
import { ROLE } from '@prosa/shared/roles';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { messagePage } from './list-messages';
import { findAttendance } from './repository';
import { loadViewer } from './viewer';

/**
 * A past protocol of the contact's timeline, read-only: whoever may use the history (its route rule: manager
 * up with the "historico" permission) reads it within the history's scope (their sectors; admins all).
 */
export async function listPastMessages(
  deps: Pick<AppDeps, 'db' | 'storage' | 'config'>,
  caller: Caller,
  input: { attendanceId: number; before?: number; limit: number },
) {
  const viewer = await loadViewer(deps.db, caller);
  const attendance = await findAttendance(deps.db, caller.companyId, input.attendanceId);
  if (!attendance || (caller.role < ROLE.admin && !viewer.sectorIds.includes(attendance.sectorId)))
    throw notFound(ATT_MSG.attendanceNotFound);
  return messagePage(deps, caller.companyId, { ...input, attendanceId: attendance.id });
}
