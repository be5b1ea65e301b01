import {
  MAILING_MSG,
  type TMailingInput,
  ZAttendanceMailingData,
  ZMailing,
  ZMailingDeleted,
  ZMailingOption,
  ZMailingPage,
  ZMailingSaved,
  ZMailingUpload,
} from '@prosa/shared/mailing';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

// Mailings (spec 3 §7): every key under queryKeys.mailings, so the `mailing:updated` event (lib/realtime.ts)
// refreshes the list's import progress and the open form.

export function useMailingsPage(page: number, name: string) {
  return useQuery({
    queryKey: [...queryKeys.mailings, 'paged', page, name],
    placeholderData: keepPreviousData,
    queryFn: () => {
      const q = new URLSearchParams({ page: String(page) });
      if (name.trim()) q.set('filters.name', name.trim());
      return apiRequest(`/api/mailings/paged?${q}`, { schema: ZMailingPage });
    },
  });
}

export function useMailing(id: number | null) {
  return useQuery({
    queryKey: [...queryKeys.mailings, 'one', id],
    enabled: id !== null,
    retry: false,
    queryFn: () => apiRequest(`/api/mailings/${id}`, { schema: ZMailing }),
  });
}

/** Mailings for selects (triggers, campaigns). */
export function useMailingOptions() {
  return useQuery({
    queryKey: [...queryKeys.mailings, 'all'],
    queryFn: () => apiRequest('/api/mailings', { schema: z.array(ZMailingOption) }),
  });
}

const warn = (error: unknown, fallback: string) => toast.warning(errorMessage(error, fallback));

export function useUploadMailingFile() {
  return useMutation({
    mutationFn: ({ file, layoutId }: { file: File; layoutId: number | null }) => {
      const form = new FormData();
      form.append('fileName', file.name);
      if (layoutId !== null) form.append('layoutId', String(layoutId));
      form.append('file', file);
      return apiRequest('/api/mailing-upload', { method: 'POST', body: form, schema: ZMailingUpload });
    },
    onSuccess: (r) => {
      if (!r.valid) toast.warning(MAILING_MSG.invalidFile);
    },
    onError: (error) => warn(error, MAILING_MSG.uploadError),
  });
}

export function useSaveMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TMailingInput }) =>
      apiRequest(id === null ? '/api/mailings' : `/api/mailings/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: ZMailingSaved,
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: queryKeys.mailings });
    },
    onError: (error) => warn(error, MAILING_MSG.saveError),
  });
}

export function useDeleteMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/mailings/${id}`, { method: 'DELETE', schema: ZMailingDeleted }),
    onSuccess: (result) => {
      // Spec 3 §8: a reply with the warning flag is shown as a warning.
      if (result.warning) toast.warning(result.message);
      else toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: queryKeys.mailings });
    },
    onError: (error) => warn(error, MAILING_MSG.deleteError),
  });
}

/** The contact's rows in the active mailings (the chat's info modal). */
export function useAttendanceMailingData(attendanceId: number) {
  return useQuery({
    queryKey: [...queryKeys.mailings, 'attendance', attendanceId],
    queryFn: () =>
      apiRequest(`/api/attendances/${attendanceId}/mailing-data`, { schema: ZAttendanceMailingData }),
  });
}

export function useReprocessMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/mailings/${id}/process`, { method: 'POST', schema: ZMailingSaved }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: queryKeys.mailings });
    },
    onError: (error) => warn(error, MAILING_MSG.saveError),
  });
}
