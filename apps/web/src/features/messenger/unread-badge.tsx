import { Badge } from '@mantine/core';
import { useUnread } from './unread';

/** The unread count on the menu entry; nothing when all is read. */
export function MessengerUnreadBadge() {
  const q = useUnread();
  const n = q.data?.unread ?? 0;
  if (n <= 0) return null;
  return (
    <Badge
      size="sm"
      color="red"
      circle
      aria-label={`${n} mensagens internas não lidas`}
      data-testid="messenger-unread"
    >
      {n}
    </Badge>
  );
}
