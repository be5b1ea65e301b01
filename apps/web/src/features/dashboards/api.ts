import { ZChannel } from '@prosa/shared/channel-admin';
import {
  DASHBOARD_MSG,
  type TTeamGoalInput,
  ZBusinessDashboard,
  ZMonitoringDashboard,
  ZOperationalDetails,
  ZOperationalSummary,
  ZTeamDashboard,
} from '@prosa/shared/reports';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { toast } from '../../lib/toast';
import { dashboardKeys } from './dashboard-keys';

/** The dashboards' filters as the server takes them (dates YYYY-MM-DD; null: all). */
export type TDashboardFilter = {
  fromDate: string;
  toDate: string;
  sectorId: string | null;
  channelId: string | null;
};

export function dashboardQuery(f: TDashboardFilter, extra: Record<string, string | number | undefined> = {}) {
  const q = new URLSearchParams({ fromDate: f.fromDate, toDate: f.toDate });
  if (f.sectorId) q.set('sector_id', f.sectorId);
  if (f.channelId) q.set('channel_id', f.channelId);
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) q.set(k, String(v));
  return q.toString();
}

export function useBusinessDashboard(f: TDashboardFilter) {
  return useQuery({
    queryKey: [...dashboardKeys.company, 'business', f],
    queryFn: () =>
      apiRequest(`/api/dashboards/business?${dashboardQuery(f)}`, { schema: ZBusinessDashboard }),
    placeholderData: keepPreviousData,
  });
}

export function useMonitoringDashboard() {
  return useQuery({
    queryKey: dashboardKeys.monitor,
    queryFn: () => apiRequest('/api/dashboards/monitoring', { schema: ZMonitoringDashboard }),
  });
}

export function useOperationalSummary(f: TDashboardFilter) {
  return useQuery({
    queryKey: [...dashboardKeys.company, 'operational', f],
    queryFn: () =>
      apiRequest(`/api/dashboards/operational-summary?${dashboardQuery({ ...f, channelId: null })}`, {
        schema: ZOperationalSummary,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOperationalDetails(
  userId: number | null,
  f: TDashboardFilter,
  page: number,
  pausePage: number,
) {
  return useQuery({
    queryKey: [...dashboardKeys.company, 'details', userId, f, page, pausePage],
    enabled: userId !== null,
    queryFn: () =>
      apiRequest(
        `/api/dashboards/operational-summary/details?${dashboardQuery(
          { ...f, sectorId: null, channelId: null },
          { user_id: userId ?? 0, page, pause_page: pausePage },
        )}`,
        { schema: ZOperationalDetails },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTeamDashboard(f: TDashboardFilter) {
  return useQuery({
    queryKey: [...dashboardKeys.company, 'team', f],
    queryFn: () => apiRequest(`/api/dashboards/team?${dashboardQuery(f)}`, { schema: ZTeamDashboard }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveTeamGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TTeamGoalInput) =>
      apiRequest('/api/dashboards/team/goal', {
        method: 'PUT',
        body,
        schema: z.object({ message: z.string(), goal: z.number() }),
      }),
    onSuccess: (r) => {
      toast.success(r.message || DASHBOARD_MSG.goalSaved);
      return queryClient.invalidateQueries({ queryKey: [...dashboardKeys.company, 'team'] });
    },
    onError: (err) => toast.error(errorMessage(err, DASHBOARD_MSG.goalInvalid)),
  });
}

/** The company's channels for the channel filter. */
export function useDashboardChannels() {
  return useQuery({
    queryKey: dashboardKeys.channels,
    queryFn: () => apiRequest('/api/channels', { schema: z.array(ZChannel) }),
    staleTime: 60_000,
  });
}

/** A CSV download; a failure (no data, period) shows the server's text. */
export async function downloadCsv(path: string, fallbackName: string) {
  try {
    await downloadFile(path, fallbackName);
  } catch (err) {
    toast.error(errorMessage(err, DASHBOARD_MSG.loadError));
  }
}
