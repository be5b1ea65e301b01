import { ZMessageOutput } from '@prosa/shared/auth';
import { type TWebchat, WEBCHAT_MSG, ZWebchat } from '@prosa/shared/webchat';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import type { toWebchatInput } from './webchat-form-values';

type TWebchatBody = ReturnType<typeof toWebchatInput>;

export function useWebchats() {
  return useQuery({
    queryKey: queryKeys.webchats,
    queryFn: () => apiRequest('/api/webchats', { schema: z.array(ZWebchat) }),
  });
}

/** Creates (no id) or updates a web chat; answers the saved web chat, whose code goes in the snippet. */
export function useSaveWebchat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TWebchatBody }) =>
      apiRequest(id === null ? '/api/webchats' : `/api/webchats/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: ZWebchat,
      }),
    onSuccess: (saved) => {
      toast.success(WEBCHAT_MSG.saved);
      queryClient.setQueryData<TWebchat[]>(queryKeys.webchats, (list) => (list ? upsert(list, saved) : list));
      return queryClient.invalidateQueries({ queryKey: queryKeys.webchats });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteWebchat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/webchats/${id}`, { method: 'DELETE', schema: ZMessageOutput }),
    onSuccess: (result, id) => {
      toast.success(result.message);
      queryClient.setQueryData<TWebchat[]>(queryKeys.webchats, (list) => list?.filter((w) => w.id !== id));
      return queryClient.invalidateQueries({ queryKey: queryKeys.webchats });
    },
    onError: (error) => toast.apiError(error),
  });
}

function upsert(list: TWebchat[], saved: TWebchat): TWebchat[] {
  return list.some((w) => w.id === saved.id)
    ? list.map((w) => (w.id === saved.id ? saved : w))
    : [...list, saved];
}

/** POST /webchat-upload (id, logoType, file): the widget logo. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('id', String(id));
      form.append('logoType', 'logo');
      form.append('file', file);
      return apiRequest('/api/webchat-upload', {
        method: 'POST',
        body: form,
        schema: z.object({ success: z.boolean(), url: z.string().nullable() }),
      });
    },
    onSuccess: () => {
      toast.success('Logo enviado com sucesso!');
      return queryClient.invalidateQueries({ queryKey: queryKeys.webchats });
    },
    onError: (error) => toast.apiError(error, WEBCHAT_MSG.logoUploadError),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/webchats/${id}/logo`, { method: 'DELETE', schema: ZMessageOutput }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webchats }),
    onError: (error) => toast.apiError(error),
  });
}
