import type { TUpdateDashboard } from '@prosa/shared/reports';
import type { QueryClient } from '@tanstack/react-query';
import { dashboardKeys } from './dashboard-keys';

/** After a period update, one more look once the rollups have settled (another consumer books them). */
export const DASHBOARD_SETTLE_MS = 2000;

export type TDashboardRealtime = { update: (p: TUpdateDashboard) => void; dispose: () => void };

/**
 * `update-dashboard` (already coalesced by the server, about once a second): the live monitor refetches at once;
 * the period dashboards at once and again DASHBOARD_SETTLE_MS after the last event, because the report rollups
 * they read are written by the rollups consumer moments after the facts that triggered the event.
 */
export function createDashboardRealtime(queryClient: QueryClient): TDashboardRealtime {
  let settle: ReturnType<typeof setTimeout> | undefined;
  const refreshCompany = () => queryClient.invalidateQueries({ queryKey: dashboardKeys.company });
  return {
    update(p) {
      if (p.kind === 'monitor') {
        queryClient.invalidateQueries({ queryKey: dashboardKeys.monitor });
        return;
      }
      refreshCompany();
      clearTimeout(settle);
      settle = setTimeout(refreshCompany, DASHBOARD_SETTLE_MS);
    },
    dispose() {
      clearTimeout(settle);
    },
  };
}
