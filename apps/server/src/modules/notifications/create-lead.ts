import { ERROR_CODE } from '@prosa/shared/messages';
import {
  NOTIFICATION_MODEL,
  NOTIFICATION_MSG,
  type ZNotificationLeadInput,
} from '@prosa/shared/notifications';
import { ROLE } from '@prosa/shared/roles';
import type { z } from '@prosa/shared/zod';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { findReaching, hasLead, insertLead, markRead } from './repository';

/**
 * The user is interested in an offer (model 2): their name and phone are kept for whoever runs the installation,
 * and the notification counts as read. Spec 2 §6: an admin or above only marks it read (no lead).
 */
export async function createLead(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  id: number,
  input: z.output<typeof ZNotificationLeadInput>,
) {
  const n = await findReaching(deps.db, caller, id);
  if (!n) throw notFound(NOTIFICATION_MSG.notFound);
  if (Number(n.model_id) !== NOTIFICATION_MODEL.lead) throw badRequest(NOTIFICATION_MSG.notAnOffer);
  const read = { notificationId: id, userId: caller.userId, companyId: caller.companyId };
  if (caller.role >= ROLE.admin) {
    await markRead(deps.db, read);
    return { message: NOTIFICATION_MSG.read };
  }
  if (await hasLead(deps.db, id, caller.userId))
    throw new AppError(ERROR_CODE.conflict, NOTIFICATION_MSG.leadExists, 409);
  await deps.db.transaction(async (tx) => {
    await insertLead(tx, { ...read, name: input.name, phone: input.phone });
    await markRead(tx, read);
  });
  return { message: NOTIFICATION_MSG.leadSaved };
}
