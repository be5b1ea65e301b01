import type { TSessionUser } from '@prosa/shared/auth';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

// A burst of events (a cycle assigning many cards) refreshes the dashboard once, about 1 s later.
export const MONITOR_REFRESH_MS = 1000;

export type TDistributionRealtime = {
  /** attendance:upsert / attendance:removed: the queue and the loads changed. */
  attendanceChanged: () => void;
  /** operator:changed: someone went on-line, off-line, into or out of a pause. */
  operatorChanged: (payload: { userId: number; status: 'online' | 'offline'; paused: boolean }) => void;
  /** company:updated: settings saved by a manager (here or on another screen). */
  companyUpdated: (changed: string[]) => void;
  /** After a reconnection: the dashboard and the user's pause are read again. */
  resync: () => void;
  dispose: () => void;
};

/** How the distribution and pause caches follow the socket (wired in src/lib/realtime.ts). */
export function createDistributionRealtime(queryClient: QueryClient): TDistributionRealtime {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refreshMonitor = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      queryClient.invalidateQueries({ queryKey: queryKeys.distributionMonitor });
    }, MONITOR_REFRESH_MS);
  };

  return {
    attendanceChanged: refreshMonitor,
    operatorChanged({ userId, status }) {
      refreshMonitor();
      const me = queryClient.getQueryData<TSessionUser | null>(queryKeys.session);
      if (!me || me.id !== userId) return;
      // The user's own status or pause changed (another tab, a manager, the pause limit).
      queryClient.setQueryData<TSessionUser | null>(queryKeys.session, (u) =>
        u ? { ...u, operatorStatus: status } : u,
      );
      queryClient.invalidateQueries({ queryKey: queryKeys.pauseState });
    },
    companyUpdated(changed) {
      if (changed.includes('auto_dist')) {
        queryClient.invalidateQueries({ queryKey: queryKeys.autoDist });
        queryClient.invalidateQueries({ queryKey: queryKeys.clientWaitingResponse });
        // Distribution on forces triage MANAGER: operators now see only their own cards.
        queryClient.invalidateQueries({ queryKey: queryKeys.companyFeatures });
        queryClient.invalidateQueries({ queryKey: queryKeys.attendanceLists });
        refreshMonitor();
      }
      if (changed.includes('attendances'))
        queryClient.invalidateQueries({ queryKey: queryKeys.attendanceRules });
      if (changed.includes('control_pause')) {
        queryClient.invalidateQueries({ queryKey: queryKeys.controlPause });
        queryClient.invalidateQueries({ queryKey: queryKeys.pauseState });
      }
    },
    resync() {
      queryClient.invalidateQueries({ queryKey: queryKeys.distributionMonitor });
      queryClient.invalidateQueries({ queryKey: queryKeys.pauseState });
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}
