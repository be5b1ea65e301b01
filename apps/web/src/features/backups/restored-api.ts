import { ZRestoredConversation, ZRestoredPage } from '@prosa/shared/backups';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

// The inspection of a restored backup: its company's attendances and one conversation (read-only).
const ROOT = ['backups', 'restored'] as const;

export function useRestoredAttendances(backupId: number, page: number, search: string) {
  return useQuery({
    queryKey: [...ROOT, backupId, 'list', page, search],
    queryFn: () => {
      const q = new URLSearchParams({ page: String(page) });
      if (search) q.set('search', search);
      return apiRequest(`/api/backups/${backupId}/restored?${q}`, { schema: ZRestoredPage });
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useRestoredConversation(backupId: number, attendanceId: number | null) {
  return useQuery({
    queryKey: [...ROOT, backupId, 'messages', attendanceId],
    queryFn: () =>
      apiRequest(`/api/backups/${backupId}/restored/${attendanceId}/messages`, {
        schema: ZRestoredConversation,
      }),
    enabled: attendanceId !== null,
    retry: false,
  });
}
