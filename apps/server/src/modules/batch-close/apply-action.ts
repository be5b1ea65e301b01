import { ATT_MSG } from '@prosa/shared/attendance';
import { ERROR_CODE } from '@prosa/shared/messages';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { loadForAction } from '../attendance/load-for-action';
import { findAttendance } from '../attendance/repository';
import { sendMessage } from '../attendance/send-message';
import { setStatus } from '../attendance/set-status';
import { switchOperator, switchSector } from '../attendance/transfer';
import { updateOpenAttendance } from '../attendance/update-attendance';
import type { QueueRow } from './repository';

/** Owner transfer to nobody (spec 3 §5: user 0): the attendance goes back to its sector's queue. */
async function unassign(deps: Pick<AppDeps, 'db'>, caller: Caller, attendanceId: number) {
  const { attendance } = await loadForAction(deps, caller, attendanceId);
  if (attendance.operatorAssignedId === null) return;
  const row = await updateOpenAttendance(
    deps,
    attendance,
    { operatorAssignedId: null, operatorAssignedName: null },
    { by: caller.userId, reason: 'transfer' },
  );
  if (!row) throw new AppError(ERROR_CODE.conflict, ATT_MSG.alreadyClosed, 409);
}

/**
 * One item of a queue, through the chat's own operations as the queue's creator (visibility, facts, realtime and
 * the outbound path all apply). Throws the operation's error when the attendance cannot take the action.
 */
export async function applyAction(deps: AppDeps, caller: Caller, queue: QueueRow, attendanceId: number) {
  switch (queue.actionId) {
    case 1:
    case 4: {
      const attendance = await findAttendance(deps.db, caller.companyId, attendanceId);
      if (!attendance) throw notFound(ATT_MSG.attendanceNotFound);
      await setStatus(deps, caller, {
        companyId: caller.companyId,
        sectorId: attendance.sectorId,
        userId: caller.userId,
        status: queue.statusId ?? 0,
        contact: attendanceId,
      });
      return;
    }
    case 2:
      await switchSector(deps, caller, { attendanceId, sectorId: queue.sectorId ?? 0 });
      return;
    case 3:
      if (queue.userId) await switchOperator(deps, caller, { attendanceId, operatorId: queue.userId });
      else await unassign(deps, caller, attendanceId);
      return;
    case 5:
      // The queue's id as the send's client id: a run resumed after a crash does not send twice.
      await sendMessage(deps, caller, {
        attendanceId,
        message: queue.message ?? '',
        client_id: `batch-close-${queue.id}`,
      });
      return;
    default:
      throw new AppError(ERROR_CODE.validation, 'Ação inválida.', 400);
  }
}
