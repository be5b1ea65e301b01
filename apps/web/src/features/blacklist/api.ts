import {
  BLACKLIST_MSG,
  type TBlockInput,
  ZBlacklistAccess,
  ZBlacklistResult,
  ZBlockChannels,
  ZBlockDetails,
  ZBlockedPage,
  ZSuggestionPage,
} from '@prosa/shared/blacklist';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

// The blacklist and block suggestions (spec 3 §2, §7, §8): every key starts with queryKeys.blacklist, so the
// realtime blacklist:changed event and every change here load them again.
const key = queryKeys.blacklist;
/** No fallback text of our own: the toast's default ('Não foi possível realizar a operação!') or the server's. */
const TOAST_DEFAULT = '';

/** What the user may do (menus, chat buttons, the screens' redirect to the chat). */
export function useBlacklistAccess() {
  return useQuery({
    queryKey: [...key, 'access'],
    queryFn: () => apiRequest('/api/blacklist/access', { schema: ZBlacklistAccess }),
    staleTime: 30_000,
  });
}

function query(params: Record<string, string | number | undefined | null>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
}

/** The list's query: page, count and the filters (YYYY-MM-DD dates), empty ones left out. */
export type TBlockedFilters = Record<string, string | number | undefined>;

export function useBlockedContacts(filters: TBlockedFilters, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'list', filters],
    queryFn: () => apiRequest(`/api/blacklist?${query(filters)}`, { schema: ZBlockedPage }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBlockChannels(enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'channels'],
    queryFn: () => apiRequest('/api/blacklist/channels', { schema: ZBlockChannels }),
    enabled,
  });
}

export function useBlockDetails(id: number | null) {
  return useQuery({
    queryKey: [...key, 'details', id],
    queryFn: () => apiRequest(`/api/blacklist/${id}`, { schema: ZBlockDetails }),
    enabled: id !== null,
  });
}

export function usePendingSuggestionsCount(enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'suggestions', 'count'],
    queryFn: () => apiRequest('/api/block-suggestions/count', { schema: z.object({ pending: z.number() }) }),
    enabled,
  });
}

export function useSuggestions(status: 'pending' | 'decided', page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'suggestions', status, page],
    queryFn: () =>
      apiRequest(`/api/block-suggestions?${query({ status, page, count: 50 })}`, { schema: ZSuggestionPage }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A server reply is shown as a warning (spec 3 §8: a payload with a message and type warning); 401/403 longer. */
function warn(error: unknown, fallback: string) {
  const permission = error instanceof ApiError && (error.status === 401 || error.status === 403);
  toast.warning(errorMessage(error, fallback), { permission });
}

function useBlacklistMutation<V>(path: (v: V) => string, body: (v: V) => unknown, fallback: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => apiRequest(path(v), { method: 'POST', body: body(v), schema: ZBlacklistResult }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => warn(error, fallback),
  });
}

export const useBlockContact = () =>
  useBlacklistMutation<TBlockInput>(
    () => '/api/blacklist',
    (v) => v,
    BLACKLIST_MSG.addError,
  );

export const useBlockAgain = () =>
  useBlacklistMutation<{ id: number; description: string }>(
    (v) => `/api/blacklist/${v.id}/block-again`,
    (v) => ({ description: v.description }),
    BLACKLIST_MSG.addError,
  );

export const useUnblock = () =>
  useBlacklistMutation<{ id: number; description: string }>(
    (v) => `/api/blacklist/${v.id}/unblock`,
    (v) => ({ description: v.description }),
    BLACKLIST_MSG.unblockError,
  );

export const useApproveSuggestion = () =>
  useBlacklistMutation<{ id: number; description: string }>(
    (v) => `/api/block-suggestions/${v.id}/approve`,
    (v) => ({ description: v.description }),
    BLACKLIST_MSG.addError,
  );

export const useDenySuggestion = () =>
  useBlacklistMutation<{ id: number; description: string }>(
    (v) => `/api/block-suggestions/${v.id}/deny`,
    (v) => ({ description: v.description }),
    TOAST_DEFAULT,
  );

/** From the chat: the operator's suggestion, or a lord's block, of the attendance's contact. */
export const useSuggestBlock = () =>
  useBlacklistMutation<{ attendance_id: number; description: string }>(
    () => '/api/block-suggestions',
    (v) => v,
    TOAST_DEFAULT,
  );

export const useBlockFromChat = () =>
  useBlacklistMutation<{ attendance_id: number; description: string }>(
    () => '/api/blacklist/attendance-block',
    (v) => v,
    BLACKLIST_MSG.addError,
  );
