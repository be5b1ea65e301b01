import { ZMonitorData } from '@prosa/shared/channel-monitor';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { monitorViewOf } from './monitor-data';
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
