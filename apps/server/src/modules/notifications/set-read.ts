import { NOTIFICATION_MSG } from '@prosa/shared/notifications';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findReaching, markRead } from './repository';

/** setRead (spec 2 §7): the notification leaves the caller's unread list; reading twice changes nothing. */
export async function setRead(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  if (!(await findReaching(deps.db, caller, id))) throw notFound(NOTIFICATION_MSG.notFound);
  await markRead(deps.db, { notificationId: id, userId: caller.userId, companyId: caller.companyId });
  return { message: NOTIFICATION_MSG.read };
}
