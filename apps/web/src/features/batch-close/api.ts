import {
  BATCH_CLOSE_MSG,
  isBatchCloseInProgress,
  type TBatchCloseCreate,
  type TBatchCloseItemState,
  ZBatchCloseDetail,
  ZBatchCloseList,
  ZBatchCloseSaved,
  ZOpenHistories,
} from '@prosa/shared/batch-close';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

// Batch close (spec 3 §7). Every key starts with queryKeys.batchClose: the `batch-close:updated` event reloads them.
// While a queue works the screens also poll, in case a socket drops.
const IN_PROGRESS_POLL_MS = 5000;

export type TOpenHistoriesQuery = {
  fromDate?: string;
  toDate?: string;
  user_id?: number;
  message?: string;
  status_id?: number;
};

function params(q: Record<string, unknown>) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  return p.toString();
}

export function useBatchCloseQueues() {
  return useQuery({
    queryKey: [...queryKeys.batchClose, 'list'],
    queryFn: () => apiRequest('/api/batch-close-queue', { schema: ZBatchCloseList }),
    refetchInterval: (query) => (query.state.data?.hasInProgressQueue ? IN_PROGRESS_POLL_MS : false),
  });
}

export function useBatchCloseQueue(id: number, page: number, itemStatus: TBatchCloseItemState | null) {
  return useQuery({
    queryKey: [...queryKeys.batchClose, 'detail', id, page, itemStatus],
    enabled: id > 0,
    placeholderData: keepPreviousData,
    queryFn: () =>
      apiRequest(`/api/batch-close-queue/${id}?${params({ page, item_status: itemStatus })}`, {
        schema: ZBatchCloseDetail,
      }),
    refetchInterval: (query) =>
      query.state.data && isBatchCloseInProgress(query.state.data.queue.status) ? IN_PROGRESS_POLL_MS : false,
  });
}

/** The open attendances of a search; null: not searched yet. Not refreshed by events (the user's selection). */
export function useOpenHistories(q: TOpenHistoriesQuery | null, run = 0) {
  return useQuery({
    // Not under queryKeys.batchClose on purpose: a queue's progress must not reload the list being selected from.
    queryKey: ['batch-close-search', q, run],
    enabled: q !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () =>
      apiRequest(`/api/batch-close-queue/open-histories?${params(q ?? {})}`, { schema: ZOpenHistories }),
  });
}

export function useCreateBatchClose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBatchCloseCreate) =>
      apiRequest('/api/batch-close-queue', { method: 'POST', body, schema: ZBatchCloseSaved }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: queryKeys.batchClose });
    },
    onError: (error) => toast.apiError(error, BATCH_CLOSE_MSG.saveError),
  });
}

export function useCancelBatchClose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest('/api/batch-close-queue/cancel', { method: 'POST', body: { id }, schema: ZBatchCloseSaved }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: queryKeys.batchClose });
    },
    onError: (error) => toast.apiError(error, BATCH_CLOSE_MSG.cancelError),
  });
}
