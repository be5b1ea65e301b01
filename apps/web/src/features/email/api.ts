import { ZUploadResult } from '@prosa/shared/attachments';
import {
  EMAIL_MSG,
  type TActiveEmailInput,
  type TEmailConfig,
  type TEmailConfigPatch,
  ZActiveEmailResult,
  ZEmailCheck,
  ZEmailConfig,
} from '@prosa/shared/email';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

export const emailConfigsKey = ['email-configs'] as const;

export function useEmailConfigs(enabled = true) {
  return useQuery({
    queryKey: emailConfigsKey,
    queryFn: () => apiRequest('/api/email-configs', { schema: z.array(ZEmailConfig) }),
    enabled,
    // The workers' reading moves the state (Conectado / Erro): read again now and then.
    refetchInterval: 15_000,
  });
}

export function useEmailConfig(id: number | null) {
  return useQuery({
    queryKey: [...emailConfigsKey, id],
    queryFn: () => apiRequest(`/api/email-configs/${id}`, { schema: ZEmailConfig }),
    enabled: id !== null,
    retry: false,
  });
}

/** Creates (no id) or updates a config; blank passwords are kept on update. */
export function useSaveEmailConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TEmailConfigPatch }) =>
      apiRequest(id === null ? '/api/email-configs' : `/api/email-configs/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
        schema: ZEmailConfig,
      }),
    onSuccess: (saved) => {
      toast.success(EMAIL_MSG.saved);
      queryClient.setQueryData<TEmailConfig>([...emailConfigsKey, saved.id], saved);
      return queryClient.invalidateQueries({ queryKey: emailConfigsKey });
    },
    onError: (error) => toast.apiError(error),
  });
}

/** checkConfig: the form's values (blank passwords: the saved config's). */
export function useCheckEmailConfig() {
  return useMutation({
    mutationFn: (body: TEmailConfigPatch & { id?: number }) =>
      apiRequest('/api/email-configs/check', { method: 'POST', body, schema: ZEmailCheck }),
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteEmailConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/email-configs/${id}`, { method: 'DELETE', schema: z.object({ message: z.string() }) }),
    onSuccess: (result, id) => {
      toast.success(result.message);
      queryClient.setQueryData<TEmailConfig[]>(emailConfigsKey, (list) => list?.filter((c) => c.id !== id));
      return queryClient.invalidateQueries({ queryKey: emailConfigsKey });
    },
    onError: (error) => toast.apiError(error),
  });
}

export const ZEmailConfigOption = z.object({ id: z.number(), name: z.string(), sender_address: z.string() });

/** The configs an active e-mail can leave from (every user: operators send active e-mails too). */
export function useEmailConfigOptions() {
  return useQuery({
    queryKey: [...emailConfigsKey, 'available'],
    queryFn: () => apiRequest('/api/email-configs/available', { schema: z.array(ZEmailConfigOption) }),
  });
}

/** One file of an active e-mail to the mail upload: its signed reference comes back. */
export function uploadMailFile(configId: number, file: File) {
  const form = new FormData();
  form.append('email_config_id', String(configId));
  form.append('channel_type', 'email');
  form.append('file', file, file.name);
  return apiRequest('/api/mail-upload', { method: 'POST', body: form, schema: ZUploadResult });
}

export function useCreateActiveEmail() {
  return useMutation({
    mutationFn: (body: TActiveEmailInput) =>
      apiRequest('/api/active-email', { method: 'POST', body, schema: ZActiveEmailResult }),
  });
}
