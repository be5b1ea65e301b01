import { MESSENGER_TIMEOUT_MS } from '@prosa/shared/messenger-constants';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

// The menu badge's query, on the chat's first load: its answer's schema comes with the on-demand schemas
// (lib/response-schemas.ts), so this file imports no zod (lib/first-load.test.ts).
export const unreadKey = [...queryKeys.messenger, 'unread'] as const;

export function useUnread(enabled = true) {
  return useQuery({
    queryKey: unreadKey,
    enabled,
    queryFn: () =>
      apiRequest('/api/messenger/unread', {
        schema: (s) => s.ZMessengerUnread,
        timeoutMs: MESSENGER_TIMEOUT_MS,
      }),
  });
}
