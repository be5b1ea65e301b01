import { NOTIFICATION_MSG, type ZNotificationInput } from '@prosa/shared/notifications';
import type { z } from '@prosa/shared/zod';
import type { AppDeps, Caller } from '../../platform/deps';
import { announceNotification } from './announce';
import { notificationValues } from './notification-values';
import { companyTimezone, insertNotification } from './repository';
import { adminScopeOf, targetCompanies } from './scope';

/** Creates a notification and tells the users of the companies it reaches (their bell refetches). */
export async function createNotification(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: z.output<typeof ZNotificationInput>,
) {
  const scope = await adminScopeOf(deps, caller);
  const companyIds = await targetCompanies(deps, scope, input.company_ids);
  const values = notificationValues(input, companyIds, await companyTimezone(deps.db, caller.companyId));
  return deps.db.transaction(async (tx) => {
    const row = await insertNotification(tx, { ...values, createdBy: caller.userId });
    await announceNotification(tx, {
      notificationId: row.id,
      companyIdSets: [row.companyIds],
      actorUserId: caller.userId,
    });
    return { id: row.id, message: NOTIFICATION_MSG.created };
  });
}
