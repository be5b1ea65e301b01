import { ZBreakdownOutput, ZMonitorData } from '@prosa/shared/channel-monitor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, SHORT_CALL_TIMEOUT_MS } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { monitorViewOf, type TMonitorView } from './monitor-data';
import { watchMonitor } from './monitor-realtime';

/**
 * The Monitor's servers and channels: read once, then kept live by the Monitor's events while the screen is
 * open (it joins the Monitor's room on mount and leaves it on unmount).
 */
export function useMonitorData() {
  useEffect(() => watchMonitor(), []);
  return useQuery({
    queryKey: queryKeys.channelMonitor,
    queryFn: async () => monitorViewOf(await apiRequest('/api/monitor/get-data', { schema: ZMonitorData })),
    // The socket keeps it current; a refetch on focus would only race the events.
    refetchOnWindowFocus: false,
  });
}

/** Marks or clears a number's breakdown ("em pane"): its alert stops or comes back (spec 1 §8, §9 5 s). */
export function useSetBreakdown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; active: boolean }) =>
      apiRequest(`/api/monitor/channels/${input.id}/breakdown`, {
        method: 'POST',
        body: { active: input.active },
        schema: ZBreakdownOutput,
        timeoutMs: SHORT_CALL_TIMEOUT_MS,
      }),
    onSuccess: (r) => {
      queryClient.setQueryData<TMonitorView>(queryKeys.channelMonitor, (view) =>
        view ? { ...view, breakdown_ids: r.breakdown_ids } : view,
      );
      toast.success(r.message);
    },
    onError: (error) => toast.apiError(error),
  });
}
