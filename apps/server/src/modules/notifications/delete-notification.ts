import { NOTIFICATION_MSG } from '@prosa/shared/notifications';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { announceNotification } from './announce';
import { findAdminOne, softDeleteNotification } from './repository';
import { adminScopeOf } from './scope';

/** Removes a notification (kept with deleted_at, so its reads and leads stay); its users' bells refetch. */
export async function deleteNotification(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  const before = await findAdminOne(deps.db, await adminScopeOf(deps, caller), id);
  if (!before) throw notFound(NOTIFICATION_MSG.notFound);
  await deps.db.transaction(async (tx) => {
    await softDeleteNotification(tx, id);
    await announceNotification(tx, {
      notificationId: id,
      companyIdSets: [(before.company_ids ?? []).map(Number)],
      actorUserId: caller.userId,
    });
  });
  return { message: NOTIFICATION_MSG.deleted };
}
