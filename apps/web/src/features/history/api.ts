import { type TUserSettings, ZUserSettings } from '@prosa/shared/account';
import { ZCard, ZMessagePage } from '@prosa/shared/attendance';
import { HISTORY_MSG, ZExport, ZHistoryExportQueued, ZHistoryPage } from '@prosa/shared/history';
import { z } from '@prosa/shared/zod';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { downloadFile, downloadResponse, fetchOrThrow } from '../../lib/download';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { olderCursor } from './conversation-timeline';

const MESSAGES_PER_PAGE = 50;

export function useHistorySearch(queryString: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.history, 'search', queryString],
    queryFn: () => apiRequest(`/api/history?${queryString}`, { schema: ZHistoryPage }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The attendance itself, for the conversation header when it was opened by address (?historyId=). */
export function useAttendance(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.history, 'attendance', id],
    queryFn: () => apiRequest(`/api/attendances/${id}`, { schema: ZCard }),
    enabled: enabled && id !== null,
  });
}

export function useConversation(attendanceId: number) {
  return useInfiniteQuery({
    queryKey: queryKeys.historyMessages(attendanceId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(MESSAGES_PER_PAGE) });
      if (pageParam !== undefined) params.set('before', String(pageParam));
      return apiRequest(`/api/attendances/${attendanceId}/messages?${params}`, { schema: ZMessagePage });
    },
    getNextPageParam: (last) => olderCursor(last),
  });
}

export function useUserSettings() {
  return useQuery({
    queryKey: queryKeys.userSettings,
    queryFn: () => apiRequest('/api/users/me/settings', { schema: ZUserSettings }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Saves the visible columns at once on screen (optimistic) and on the server, per user. */
export function useSaveHistoryColumns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: string[]) =>
      apiRequest('/api/users/me/settings', {
        method: 'PUT',
        body: { history_columns: columns },
        schema: ZUserSettings,
      }),
    onMutate: async (columns) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.userSettings });
      const previous = queryClient.getQueryData<TUserSettings>(queryKeys.userSettings);
      queryClient.setQueryData<TUserSettings>(queryKeys.userSettings, {
        ...previous,
        history_columns: columns,
      });
      return { previous };
    },
    onError: (error, _columns, context) => {
      queryClient.setQueryData(queryKeys.userSettings, context?.previous);
      toast.apiError(error);
    },
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.userSettings, settings),
  });
}

/** restoreContact: reopens the contact's last closed attendance (spec 2 §8: success, warning or error). */
export function useRestoreAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) =>
      apiRequest('/api/history/restore', {
        method: 'POST',
        body: { contact_id: contactId },
        schema: z.object({ message: z.string() }),
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: queryKeys.history });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && error.message === HISTORY_MSG.alreadyOpen) {
        toast.warning(error.message);
        return;
      }
      toast.error(errorMessage(error, HISTORY_MSG.restoreError));
    },
  });
}

export function useExports(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.exports,
    queryFn: () => apiRequest('/api/exports', { schema: z.array(ZExport) }),
    enabled,
    // Until the export:ready event arrives (or if the socket is down), look again now and then.
    refetchInterval: (query) =>
      query.state.data?.some((e) => e.status === 'queued' || e.status === 'processing') ? 5000 : false,
  });
}

/** GET /history/export: a CSV (downloaded at once) or, when large, a background export announced by the server. */
export function useExportHistory(onBackground: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (filterQuery: string) => {
      const response = await fetchOrThrow(`/api/history/export?${filterQuery}`);
      if (response.status === 202) return ZHistoryExportQueued.parse(await response.json());
      await downloadResponse(response, 'historico.csv');
      return null;
    },
    onSuccess: (answer) => {
      if (!answer) return;
      if (answer.alert) toast.success(answer.message);
      else toast.warning(answer.message);
      onBackground();
      return queryClient.invalidateQueries({ queryKey: queryKeys.exports });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDownload() {
  return useMutation({
    mutationFn: ({ path, fallback }: { path: string; fallback: string }) => downloadFile(path, fallback),
    onError: (error) => toast.apiError(error),
  });
}
