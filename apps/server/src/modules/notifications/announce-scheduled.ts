import type { AppDeps } from '../../platform/deps';
import { announceNotification } from './announce';
import { findDueAnnouncements } from './repository';

/**
 * The worker's task (notifications.schedule): a notification whose start (or end) time has just passed reaches
 * (or leaves) its users' bells live. Each is announced in its own transaction.
 */
export async function announceScheduledNotifications(deps: Pick<AppDeps, 'db'>): Promise<number> {
  const due = await findDueAnnouncements(deps.db);
  for (const n of due) {
    await deps.db.transaction((tx) =>
      announceNotification(tx, { notificationId: n.id, companyIdSets: [n.company_ids] }),
    );
  }
  return due.length;
}
