import { NOTIFICATION_MSG, type ZNotificationInput } from '@prosa/shared/notifications';
import type { z } from '@prosa/shared/zod';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { announceNotification } from './announce';
import { notificationValues } from './notification-values';
import { companyTimezone, findAdminOne, updateNotification } from './repository';
import { adminScopeOf, targetCompanies } from './scope';

/** Changes a notification the caller reaches; the companies it reached and reaches now are told. */
export async function editNotification(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  id: number,
  input: z.output<typeof ZNotificationInput>,
) {
  const scope = await adminScopeOf(deps, caller);
  const before = await findAdminOne(deps.db, scope, id);
  if (!before) throw notFound(NOTIFICATION_MSG.notFound);
  const companyIds = await targetCompanies(deps, scope, input.company_ids);
  const values = notificationValues(input, companyIds, await companyTimezone(deps.db, caller.companyId));
  await deps.db.transaction(async (tx) => {
    await updateNotification(tx, id, values);
    await announceNotification(tx, {
      notificationId: id,
      companyIdSets: [(before.company_ids ?? []).map(Number), companyIds],
      actorUserId: caller.userId,
    });
  });
  return { message: NOTIFICATION_MSG.updated };
}
