import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyComponent } from '../../lib/lazy-page';
import { useUnreadNotifications } from './user-api';

// The modal (list, detail, lead form) loads with its own chunk the first time the bell is clicked.
const NotificationsDialog = lazyComponent(
  () => import('./notifications-dialog').then((m) => m.NotificationsDialog),
  () => null,
);

/** The header's bell (spec 2 §2): the unread count, live; a click opens the users' notifications modal. */
export function NotificationsBell() {
  const unread = useUnreadNotifications();
  const [opened, setOpened] = useState(false);
  const count = unread.data?.total ?? 0;
  const label = count > 0 ? `Notificações: ${count} não lidas` : 'Notificações';
  return (
    <>
      <Tooltip label="Notificações" withArrow>
        <Indicator
          label={count > 99 ? '99+' : count}
          size={18}
          color="red"
          offset={4}
          disabled={count === 0}
          data-testid="notifications-count"
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            onClick={() => setOpened(true)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      {opened ? <NotificationsDialog onClose={() => setOpened(false)} /> : null}
    </>
  );
}
