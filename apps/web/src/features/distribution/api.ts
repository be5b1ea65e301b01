import type { TAttendanceRules, TClientWaitingResponse } from '@prosa/shared/attendance-rules';
import type { TSessionUser } from '@prosa/shared/auth';
import type { TAutoDistInput } from '@prosa/shared/distribution';
import { DIST_MSG } from '@prosa/shared/distribution-texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

export function useAutoDist() {
  return useQuery({
    queryKey: queryKeys.autoDist,
    queryFn: () => apiRequest('/api/auto-dist', { schema: (s) => s.ZAutoDistConfig }),
  });
}

/**
 * Turning it on forces triage MANAGER and runs a cycle: the chat's features and the dashboard follow.
 * Errors are the form's to show (a refused field on that field, else a toast).
 */
export function useSaveAutoDist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAutoDistInput) =>
      apiRequest('/api/auto-dist', {
        method: 'PUT',
        body,
        schema: (s) => s.z.object({ message: s.z.string(), config: s.ZAutoDistConfig }),
      }),
    onSuccess: (result) => {
      toast.success(result.message || DIST_MSG.saved);
      queryClient.setQueryData(queryKeys.autoDist, result.config);
      queryClient.invalidateQueries({ queryKey: queryKeys.companyFeatures });
      return queryClient.invalidateQueries({ queryKey: queryKeys.distributionMonitor });
    },
  });
}

export function useClientWaitingResponse() {
  return useQuery({
    queryKey: queryKeys.clientWaitingResponse,
    queryFn: () =>
      apiRequest('/api/auto-dist/client-waiting-response', { schema: (s) => s.ZClientWaitingResponse }),
  });
}

export function useSaveClientWaitingResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TClientWaitingResponse) =>
      apiRequest('/api/auto-dist/client-waiting-response', {
        method: 'PUT',
        body,
        schema: (s) =>
          s.z.object({ message: s.z.string(), client_waiting_response: s.ZClientWaitingResponse }),
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      queryClient.setQueryData(queryKeys.clientWaitingResponse, result.client_waiting_response);
    },
    onError: (error) => toast.apiError(error, DIST_MSG.updateError),
  });
}

export function useAttendanceRules() {
  return useQuery({
    queryKey: queryKeys.attendanceRules,
    queryFn: () => apiRequest('/api/attendance-rules', { schema: (s) => s.ZAttendanceRules }),
  });
}

export function useSaveAttendanceRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAttendanceRules) =>
      apiRequest('/api/attendance-rules', {
        method: 'PUT',
        body,
        schema: (s) => s.z.object({ message: s.z.string(), rules: s.ZAttendanceRules }),
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      queryClient.setQueryData(queryKeys.attendanceRules, result.rules);
    },
    onError: (error) => toast.apiError(error),
  });
}

/** The monitoring dashboard: refreshed by the realtime events (src/lib/realtime.ts), not by polling. */
export function useDistributionMonitor() {
  return useQuery({
    queryKey: queryKeys.distributionMonitor,
    queryFn: () => apiRequest('/api/distribution/monitor', { schema: (s) => s.ZMonitor }),
    staleTime: 0,
  });
}

/** setStatus for the user themself: the session user carries operatorStatus, so it is updated in place. */
export function useSetOwnStatus(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: 'online' | 'offline') =>
      apiRequest('/api/users/set-status', {
        method: 'POST',
        body: { user_id: userId, status },
        schema: (s) => s.ZOperatorStatusResult,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData<TSessionUser | null>(queryKeys.session, (user) =>
        user ? { ...user, operatorStatus: result.status } : user,
      );
      // The switch shows the new state; a toast would cover the header right under the pointer.
      if (result.returned_to_queue > 0) toast.info(DIST_MSG.queued);
      return queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
    onError: (error) => toast.apiError(error),
  });
}
