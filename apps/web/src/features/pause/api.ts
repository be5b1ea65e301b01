import type { TControlPause, TPauseState, ZPauseReason } from '@prosa/shared/pause';
import { PAUSE_MSG } from '@prosa/shared/pause-texts';
import type { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

export type TPauseReason = z.infer<typeof ZPauseReason>;
export type TReasonQuery = { page: number; count: number; search: string };

export function useControlPause() {
  return useQuery({
    queryKey: queryKeys.controlPause,
    queryFn: () => apiRequest('/api/control-pause', { schema: (s) => s.ZControlPause }),
  });
}

export function useSaveControlPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TControlPause) =>
      apiRequest('/api/control-pause', {
        method: 'PUT',
        body,
        schema: (s) => s.z.object({ message: s.z.string(), control_pause: s.ZControlPause }),
      }),
    onSuccess: (result) => {
      toast.success(result.message || PAUSE_MSG.saved);
      queryClient.setQueryData(queryKeys.controlPause, result.control_pause);
      // needs_password / needs_reason of the user's own pause follow the settings.
      return queryClient.invalidateQueries({ queryKey: queryKeys.pauseState });
    },
    onError: (error) => toast.apiError(error),
  });
}

function reasonQueryString(q: TReasonQuery) {
  const search = new URLSearchParams({ page: String(q.page), count: String(q.count) });
  if (q.search.trim()) search.set('search', q.search.trim());
  return search.toString();
}

export const reasonsQuery = (q: TReasonQuery) => ({
  queryKey: [...queryKeys.pauseReasons, q],
  queryFn: () =>
    apiRequest(`/api/pause-reasons?${reasonQueryString(q)}`, { schema: (s) => s.ZPauseReasonPage }),
});

/** Pause reasons, paged by the server (8 per page; 4, 8 or 16) and searched by title. */
export function usePauseReasons(q: TReasonQuery, enabled = true) {
  return useQuery({ ...reasonsQuery(q), placeholderData: keepPreviousData, enabled });
}

export function useSaveReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: { title: string; description: string } }) =>
      apiRequest(id === null ? '/api/pause-reasons' : `/api/pause-reasons/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: (s) => s.z.object({ message: s.z.string(), reason: s.ZPauseReason }),
      }),
    onSuccess: (result) => {
      toast.success(result.message || PAUSE_MSG.reasonSaved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.pauseReasons });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/pause-reasons/${id}`, { method: 'DELETE', schema: (s) => s.ZMessageOutput }),
    onSuccess: (result) => {
      toast.success(result.message || PAUSE_MSG.reasonRemoved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.pauseReasons });
    },
    onError: (error) => toast.apiError(error),
  });
}

/** The user's own pause: every screen waits for it, since a paused user is held on /user-in-pause. */
export function usePauseState() {
  return useQuery({
    queryKey: queryKeys.pauseState,
    queryFn: () => apiRequest('/api/pause', { schema: (s) => s.ZPauseState }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** enter (POST /api/pause), change reason, leave: each answers the new state, which the gate follows. */
export function usePauseAction<B>(path: '/api/pause' | '/api/pause/reason' | '/api/pause/leave') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => apiRequest(path, { method: 'POST', body, schema: (s) => s.ZPauseStateResult }),
    onSuccess: (result) => {
      queryClient.setQueryData<TPauseState>(queryKeys.pauseState, result.state);
    },
  });
}
