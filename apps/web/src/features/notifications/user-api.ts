import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

// The users' notifications (the header's bell and its modal), on the chat's first load: answers are checked with
// the on-demand schemas (lib/response-schemas.ts), so this file imports no zod. Every key starts with
// queryKeys.userNotifications: the socket's `notification` event refetches them (lib/realtime.ts).
const keys = {
  unread: [...queryKeys.userNotifications, 'unread'] as const,
  detail: (id: number) => [...queryKeys.userNotifications, 'detail', id] as const,
};

export function useUnreadNotifications() {
  return useQuery({
    queryKey: keys.unread,
    queryFn: () => apiRequest('/api/notifications/unread', { schema: (s) => s.ZUserNotifications }),
  });
}

export function useUserNotification(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: () => apiRequest(`/api/notifications/${id}/detail`, { schema: (s) => s.ZUserNotification }),
  });
}

/** setRead, or the interested lead (model 2): either way the notification leaves the unread list. */
export function useAnswerNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; lead?: { name: string; phone: string } }) =>
      apiRequest(`/api/notifications/${input.id}/${input.lead ? 'lead' : 'set-read'}`, {
        method: 'POST',
        body: input.lead,
        schema: (s) => s.ZNotificationMessage,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.userNotifications }),
  });
}
