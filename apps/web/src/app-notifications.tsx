import { Notifications } from '@mantine/notifications';
import type { CSSProperties } from 'react';
import { NOTIFICATIONS_TOP } from './components/layout-sizes';
import notificationClasses from './components/notifications.module.css';

/**
 * The toasts' container, loaded after the first paint (app.tsx). Toasts shown before it mounts wait in
 * Mantine's store (lib/toast.ts) and appear when it does.
 */
export function AppNotifications() {
  return (
    // Below the header: a toast never covers On-line, Pausar or Sair (nor stays there while hovered).
    <Notifications
      position="top-right"
      limit={5}
      classNames={{ root: notificationClasses.root }}
      style={{ '--notifications-top': `${NOTIFICATIONS_TOP}px` } as CSSProperties}
    />
  );
}
