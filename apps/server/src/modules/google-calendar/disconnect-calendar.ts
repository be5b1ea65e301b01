import { GOOGLE_CALENDAR_MSG } from '@prosa/shared/google-calendar';
import type { AppDeps, Caller } from '../../platform/deps';
import { getCalendarState } from './calendar-state';
import { deleteLink } from './repository';

/** Removes the caller's calendar permission: no further return reaches that calendar. */
export async function disconnectCalendar(
  deps: Pick<AppDeps, 'db' | 'config' | 'outbound' | 'appSecret'>,
  caller: Caller,
) {
  await deleteLink(deps.db, caller.companyId, caller.userId);
  return { message: GOOGLE_CALENDAR_MSG.disconnected, state: await getCalendarState(deps, caller) };
}
