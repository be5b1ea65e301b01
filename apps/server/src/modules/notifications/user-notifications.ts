import {
  NOTIFICATION_MSG,
  type TUserNotification,
  type TUserNotifications,
} from '@prosa/shared/notifications';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { toUser } from './present';
import { findReaching, findUnread } from './repository';

type Deps = Pick<AppDeps, 'db'>;

/** The bell's list (spec 2 §2, §7 unread): what reaches the caller now and they have not read. */
export async function unreadNotifications(deps: Deps, caller: Caller): Promise<TUserNotifications> {
  const rows = await findUnread(deps.db, caller);
  return { items: rows.map(toUser), total: rows.length };
}

/** One notification that reaches the caller (the modal's detail); anything else is not found. */
export async function userNotification(deps: Deps, caller: Caller, id: number): Promise<TUserNotification> {
  const row = await findReaching(deps.db, caller, id);
  if (!row) throw notFound(NOTIFICATION_MSG.notFound);
  return toUser(row);
}
