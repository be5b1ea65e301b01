import {
  HSM_MSG,
  type THsmInput,
  type THsmMediaType,
  ZActivePermission,
  ZHsm,
  ZHsmFormOptions,
  ZHsmSyncResult,
  ZHsmUploadResult,
  ZTemplateSent,
} from '@prosa/shared/hsm';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

// Query keys of templates and the active-sending permission list (kept here: only this feature uses them).
export const hsmKeys = {
  list: ['hsm'] as const,
  formOptions: ['hsm', 'form-options'] as const,
  activePermissions: ['active-whatsapp', 'permissions'] as const,
};

export function useHsmTemplates() {
  return useQuery({
    queryKey: hsmKeys.list,
    queryFn: () => apiRequest('/api/hsm', { schema: z.array(ZHsm) }),
  });
}

export function useHsmFormOptions() {
  return useQuery({
    queryKey: hsmKeys.formOptions,
    queryFn: () => apiRequest('/api/hsm/form-options', { schema: ZHsmFormOptions }),
  });
}

export function useSaveHsm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: THsmInput }) =>
      apiRequest(id === null ? '/api/hsm' : `/api/hsm/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
        schema: z.object({ id: z.number().optional(), ok: z.boolean().optional() }),
      }),
    onSuccess: () => {
      toast.success('Modelo salvo com sucesso!');
      return queryClient.invalidateQueries({ queryKey: hsmKeys.list });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteHsm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/hsm/${id}`, { method: 'DELETE', schema: z.object({ ok: z.boolean() }) }),
    onSuccess: () => {
      toast.success('Modelo removido com sucesso!');
      return queryClient.invalidateQueries({ queryKey: hsmKeys.list });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useSyncHsm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: number) =>
      apiRequest('/api/hsm/sync', {
        method: 'POST',
        body: { channel_id: channelId },
        schema: ZHsmSyncResult,
      }),
    onSuccess: (r) => {
      toast.success(r.message);
      return queryClient.invalidateQueries({ queryKey: hsmKeys.list });
    },
    onError: (error) => toast.apiError(error, HSM_MSG.loadError),
  });
}

/** POST /hsm-upload (header_type, file): answers the stored key and a preview URL. */
export function useUploadHsmMedia() {
  return useMutation({
    mutationFn: ({ headerType, file }: { headerType: THsmMediaType; file: File }) => {
      const form = new FormData();
      form.append('header_type', headerType);
      form.append('file', file);
      return apiRequest('/api/hsm-upload', { method: 'POST', body: form, schema: ZHsmUploadResult });
    },
    onError: (error) => toast.apiError(error, HSM_MSG.uploadError),
  });
}

export function useActivePermissions() {
  return useQuery({
    queryKey: hsmKeys.activePermissions,
    queryFn: () => apiRequest('/api/active-whatsapp/permissions', { schema: z.array(ZActivePermission) }),
  });
}

export function useSaveActivePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permissions: { user_id: number; enabled: boolean }[]) =>
      apiRequest('/api/active-whatsapp/permissions', {
        method: 'PUT',
        body: { permissions },
        schema: z.array(ZActivePermission),
      }),
    onSuccess: (list) => {
      queryClient.setQueryData(hsmKeys.activePermissions, list);
      toast.success('Permissões salvas com sucesso!');
    },
    onError: (error) => toast.apiError(error),
  });
}

/** POST /attendances/:id/send-hsm: a template into an open WhatsApp Enterprise attendance. */
export function useSendHsm() {
  return useMutation({
    mutationFn: ({
      attendanceId,
      ...body
    }: {
      attendanceId: number;
      template_id: number;
      parameters: string[];
    }) =>
      apiRequest(`/api/attendances/${attendanceId}/send-hsm`, {
        method: 'POST',
        body,
        schema: ZTemplateSent,
      }),
    onError: (error) => toast.apiError(error, HSM_MSG.sendError),
  });
}
