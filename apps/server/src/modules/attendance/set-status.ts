import { ATT_MSG } from '@prosa/shared/attendance';
import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { ERROR_CODE } from '@prosa/shared/messages';
import { and, eq, isNull } from 'drizzle-orm';
import { contacts } from '../../db/schema/attendance';
import { statuses } from '../../db/schema/organization';
import type { Caller } from '../../platform/deps';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { toCard } from './card';
import { loadForAction } from './load-for-action';
import { type StatusMessageDeps, sendStatusMessage } from './send-status-message';
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
  );
  if (!row) throw new AppError(ERROR_CODE.conflict, ATT_MSG.alreadyClosed, 409);

  // The finalization status's message reaches the customer before the web chat is told it ended.
  if (finalize) {
    await sendStatusMessage(deps, {
      attendance: row,
      status,
      operator: { id: caller.userId, name: caller.displayName },
    });
  }

  // The widget is told the conversation ended (a later step sends it from the attendance.closed fact).
  if (finalize && capabilitiesOf(row.channelKind).socketDelivery) {
    const [contact] = await deps.db
      .select({ externalId: contacts.externalId })
      .from(contacts)
      .where(and(eq(contacts.companyId, caller.companyId), eq(contacts.id, row.contactId)));
    if (contact) {
      deps.events.emit('visitor:finalized', {
        companyId: caller.companyId,
        visitorId: contact.externalId,
        protocol: row.protocol,
      });
    }
  }
  return {
    message: finalize ? ATT_MSG.finalized : ATT_MSG.statusChanged,
    closed: finalize,
    card: toCard(row),
  };
}
