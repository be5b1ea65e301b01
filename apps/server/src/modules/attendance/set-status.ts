import { ATT_MSG } from '@prosa/shared/attendance';
import { ERROR_CODE } from '@prosa/shared/messages';
import { POLL_MSG } from '@prosa/shared/polls';
import { eq, isNull } from 'drizzle-orm';
import { statuses } from '../../db/schema/organization';
import type { Caller } from '../../platform/deps';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { sendSoon } from '../outbound/send-outbound';
import { type MessageRow, toCard } from './card';
import { loadForAction } from './load-for-action';
import {
  canSendPoll,
  findFinalizationPoll,
  pollKeepsAttendanceOpen,
  recordPollRequest,
} from './poll-at-finalization';
import { recordStatusMessage, type StatusMessageDeps } from './send-status-message';
import { updateOpenAttendance } from './update-attendance';

/**
 * POST /set-status/{company_id}/{sector_id}/{user_id} (spec 1 §7): a classification status (should_close 0)
 * marks the card; a finalization status (should_close 1) closes the attendance, which becomes history.
 */
export async function setStatus(
  deps: StatusMessageDeps,
  caller: Caller,
  input: { companyId: number; sectorId: number; userId: number; status: number; contact: number },
) {
  if (input.companyId !== caller.companyId) throw notFound(ATT_MSG.attendanceNotFound);
  if (input.userId !== caller.userId) throw forbidden();
  const { attendance } = await loadForAction(deps, caller, input.contact);
  if (attendance.sectorId !== input.sectorId) throw notFound(ATT_MSG.sectorNotFound);
  const [status] = await deps.db
    .select()
    .from(statuses)
    .where(ofCompany(statuses, caller.companyId, eq(statuses.id, input.status), isNull(statuses.deletedAt)))
    .limit(1);
  if (!status) throw notFound(ATT_MSG.statusError);
  if (status.shouldClose === 1 && status.useInBot)
    throw new AppError(ERROR_CODE.validation, ATT_MSG.statusError, 400);

  const now = new Date();
  const finalize = status.shouldClose === 1;
  // A status with a poll sends the poll first (spec 1 §5): web chat stays open until the answer.
  const poll = finalize ? await findFinalizationPoll(deps.db, caller.companyId, status.pollId) : null;
  const operator = { id: caller.userId, name: caller.displayName };
  if (poll && pollKeepsAttendanceOpen(attendance.channelKind)) {
    const sent = await deps.db.transaction((tx) =>
      recordPollRequest(tx, { attendance, poll, statusId: status.id, operator, now }),
    );
    await sendSoon(deps, sent);
    return { message: POLL_MSG.sentWaiting, closed: false, card: toCard(attendance) };
  }
  const recordedPoll: { message: MessageRow | null } = { message: null };
  // The finalization status's message is stored with the finalization: the customer receives it before the web
  // chat hears that the conversation ended (both from the facts of this one transaction).
  const recorded: { message: MessageRow | null } = { message: null };
  const row = await updateOpenAttendance(
    deps,
    attendance,
    finalize
      ? {
          statusId: status.id,
          closedAt: now,
          closedByUserId: caller.userId,
          closedByUserName: caller.displayName,
          unreadCount: 0,
        }
      : { statusId: status.id },
    { by: caller.userId, closeReason: 'status' },
    undefined,
    finalize
      ? async (tx, closed) => {
          if (poll && (await canSendPoll(tx, closed, poll, now)))
            recordedPoll.message = await recordPollRequest(tx, {
              attendance: closed,
              poll,
              statusId: status.id,
              operator,
              now,
            });
          recorded.message = await recordStatusMessage(tx, {
            attendance: closed,
            status,
            operator: { id: caller.userId, name: caller.displayName },
          });
        }
      : undefined,
  );
  if (!row) throw new AppError(ERROR_CODE.conflict, ATT_MSG.alreadyClosed, 409);
  if (recordedPoll.message) await sendSoon(deps, recordedPoll.message);
  if (recorded.message) await sendSoon(deps, recorded.message);
  return {
    message: recordedPoll.message
      ? `${ATT_MSG.finalized} ${POLL_MSG.sent}`
      : finalize
        ? ATT_MSG.finalized
        : ATT_MSG.statusChanged,
    closed: finalize,
    card: toCard(row),
  };
}
