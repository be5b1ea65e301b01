import {
  SCHEDULE_MSG,
  ZScheduleCanceled,
  ZScheduleCreated,
  ZScheduleList,
  ZScheduleUpdated,
} from '@prosa/shared/scheduling';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { applyCard, notifyFailure } from '../../lib/attendance-cache';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

export type TScheduleBody = { return_at: string; sector_id: number };

/** Spec 1 §8: a refused schedule (HTTP 400) is a warning with the server's text; other failures are errors. */
export function scheduleFailure(error: unknown) {
  if (error instanceof ApiError && error.status === 400)
    toast.warning(errorMessage(error, SCHEDULE_MSG.error), { autoClose: 5000 });
  else notifyFailure(error, SCHEDULE_MSG.error);
}

export function useSchedules(attendanceId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.attendanceSchedules(attendanceId),
    queryFn: () => apiRequest(`/api/attendances/${attendanceId}/schedules`, { schema: ZScheduleList }),
    enabled,
    staleTime: 0,
  });
}

export function useCreateSchedule(attendanceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TScheduleBody) =>
      apiRequest(`/api/attendances/${attendanceId}/schedules`, {
        method: 'POST',
        body,
        schema: ZScheduleCreated,
      }),
    onSuccess: (res) => {
      applyCard(queryClient, res.card);
      queryClient.invalidateQueries({ queryKey: queryKeys.attendanceSchedules(attendanceId) });
      toast.success(res.message);
    },
    onError: scheduleFailure,
  });
}

export function useUpdateSchedule(attendanceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<TScheduleBody> }) =>
      apiRequest(`/api/schedules/${id}`, { method: 'PATCH', body, schema: ZScheduleUpdated }),
    onSuccess: (res) => {
      queryClient.invalidateQueries({ queryKey: queryKeys.attendanceSchedules(attendanceId) });
      toast.success(res.message);
    },
    onError: scheduleFailure,
  });
}

export function useCancelSchedule(attendanceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/schedules/${id}`, { method: 'DELETE', schema: ZScheduleCanceled }),
    onSuccess: (res) => {
      if (res.card) applyCard(queryClient, res.card);
      queryClient.invalidateQueries({ queryKey: queryKeys.attendanceSchedules(attendanceId) });
      toast.success(res.message);
    },
    onError: scheduleFailure,
  });
}
