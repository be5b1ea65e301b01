import type { TSessionUser } from '@prosa/shared/auth';
import type { QueryClient } from '@tanstack/react-query';
import { openAttendance } from '../../lib/attendance-cache';
import { queryKeys } from '../../lib/query-keys';
import { loadNotificationSettings, notificationsMuted } from '../account/notification-settings';
import { cardFromLists } from './api';
import { createAttention, type TAttention } from './attention';
import { createBrowserAttention } from './attention-browser';

/** The alerts of the logged-in user's realtime session, with the browser's sound, notifications and title. */
export function startChatAttention(queryClient: QueryClient): { attention: TAttention; stop: () => void } {
  const muted = () => notificationsMuted(queryClient);
  const browser = createBrowserAttention({ muted });
  void loadNotificationSettings(queryClient);
  const attention = createAttention({
    userId: () => queryClient.getQueryData<TSessionUser | null>(queryKeys.session)?.id ?? null,
    openId: openAttendance.get,
    muted,
    knownCard: (id) => cardFromLists(queryClient, id),
    now: Date.now,
    sound: browser.sound,
    notify: browser.notify,
    setCount: browser.setCount,
  });
  return { attention, stop: browser.stop };
}
