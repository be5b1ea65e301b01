import {
  POLL_MSG,
  type TPollAnalyticsQuery,
  type TPollInput,
  ZPoll,
  ZPollAnalytics,
  ZPollHsm,
  ZPollReport,
  ZPollSaved,
} from '@prosa/shared/polls';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

// Polls (spec 3 §2, §5, §7): under ['polls'], so a save also refreshes the report and the statuses' poll select.
const pollsKey = ['polls'] as const;

export function usePolls() {
  return useQuery({
    queryKey: [...pollsKey, 'list'],
    queryFn: () => apiRequest('/api/polls', { schema: z.array(ZPoll) }),
  });
}

export function usePollsWithTrashed() {
  return useQuery({
    queryKey: [...pollsKey, 'with-trashed'],
    queryFn: () => apiRequest('/api/polls/with-trashed', { schema: z.array(ZPoll) }),
  });
}

export function usePollTemplates() {
  return useQuery({
    queryKey: [...pollsKey, 'hsm'],
    queryFn: () => apiRequest('/api/polls/hsm', { schema: z.array(ZPollHsm) }),
  });
}

/** Server messages are shown as warnings (spec 3 §8). */
const warn = (error: unknown, fallback: string) => toast.warning(errorMessage(error, fallback));

export function useSavePoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TPollInput }) =>
      apiRequest(id === null ? '/api/polls' : `/api/polls/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: ZPollSaved,
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: pollsKey });
    },
    onError: (error) => warn(error, POLL_MSG.saveError),
  });
}

export function useDeletePoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/polls/${id}`, { method: 'DELETE', schema: z.object({ message: z.string() }) }),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: queryKeys.statuses });
      return queryClient.invalidateQueries({ queryKey: pollsKey });
    },
    onError: (error) => warn(error, POLL_MSG.deleteError),
  });
}

export function usePollReport(period: { fromDate: string; toDate: string } | null) {
  return useQuery({
    queryKey: [...pollsKey, 'report', period],
    enabled: period !== null,
    queryFn: () =>
      apiRequest(`/api/polls/report?${new URLSearchParams(period ?? {}).toString()}`, {
        schema: ZPollReport,
      }),
  });
}

function analyticsParams(q: TPollAnalyticsQuery) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  return params.toString();
}

export function usePollAnalytics(q: TPollAnalyticsQuery | null) {
  return useQuery({
    queryKey: [...pollsKey, 'analytics', q],
    enabled: q !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      apiRequest(`/api/reports/polls_analytics?${analyticsParams(q ?? { fromDate: '', toDate: '' })}`, {
        schema: ZPollAnalytics,
      }),
  });
}

export async function exportPollAnalytics(q: TPollAnalyticsQuery) {
  try {
    await downloadFile(
      `/api/reports/polls_analytics?${analyticsParams({ ...q, exportAs: 'csv', page: undefined })}`,
      'pesquisas.csv',
    );
  } catch (error) {
    warn(error, POLL_MSG.reportError);
  }
}
