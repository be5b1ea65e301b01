import {
  type TContactFieldInput,
  type TContactFieldPatch,
  ZAttendanceContactFields,
  ZContactField,
  ZContactFieldResult,
  ZContactFieldValuesSaved,
} from '@prosa/shared/contact-fields';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { applyCard } from '../../lib/attendance-cache';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

/** Every definition of the company (active or not), for the settings tab. */
export function useContactFieldDefinitions() {
  return useQuery({
    queryKey: [...queryKeys.contactFields, 'all'],
    queryFn: () =>
      apiRequest('/api/contact-fields?include_inactive=true', { schema: z.array(ZContactField) }),
  });
}

export function useSaveContactField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TContactFieldInput | TContactFieldPatch }) =>
      id === null
        ? apiRequest('/api/contact-fields', { method: 'POST', body, schema: ZContactFieldResult })
        : apiRequest(`/api/contact-fields/${id}`, { method: 'PATCH', body, schema: ZContactFieldResult }),
    onSuccess: (res) => {
      queryClient.invalidateQueries({ queryKey: queryKeys.contactFields });
      toast.success(res.message);
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteContactField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/contact-fields/${id}`, {
        method: 'DELETE',
        schema: z.object({ message: z.string() }),
      }),
    onSuccess: (res) => {
      queryClient.invalidateQueries({ queryKey: queryKeys.contactFields });
      toast.success(res.message);
    },
    onError: (error) => toast.apiError(error),
  });
}

/** The active fields of the attendance's sector and the values filled in it. */
export function useAttendanceContactFields(attendanceId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.attendanceContactFields(attendanceId),
    queryFn: () =>
      apiRequest(`/api/attendances/${attendanceId}/contact-fields`, { schema: ZAttendanceContactFields }),
    enabled,
    staleTime: 0,
  });
}

export function useSaveAttendanceContactFields(attendanceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, string | null>) =>
      apiRequest(`/api/attendances/${attendanceId}/contact-fields`, {
        method: 'PUT',
        body: { values },
        schema: ZContactFieldValuesSaved,
      }),
    onSuccess: (res) => {
      applyCard(queryClient, res.card);
      queryClient.setQueryData(queryKeys.attendanceContactFields(attendanceId), (old: unknown) =>
        old && typeof old === 'object' ? { ...old, values: res.values } : old,
      );
      toast.success(res.message);
    },
  });
}
