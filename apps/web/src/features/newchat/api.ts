import { ZMessageOutput } from '@prosa/shared/auth';
import { NEWCHAT_MSG, type TNewchat, type TNewchatInput, ZNewchat } from '@prosa/shared/newchat';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

const KEY = ['newchats'] as const;

export function useNewchats() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest('/api/newchats', { schema: z.array(ZNewchat) }),
  });
}

export function useNewchat(id: number | null) {
  return useQuery({
    queryKey: [...KEY, id],
    enabled: id !== null,
    retry: false,
    queryFn: () => apiRequest(`/api/newchats/${id}`, { schema: ZNewchat }),
  });
}

/** Creates (no id) or updates; answers the saved channel (the wizard continues with its id and code). */
export function useSaveNewchat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TNewchatInput }) =>
      apiRequest(id === null ? '/api/newchats' : `/api/newchats/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: ZNewchat,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData<TNewchat>([...KEY, saved.id], saved);
      return queryClient.invalidateQueries({ queryKey: KEY, exact: true });
    },
    onError: (error) => toast.apiError(error, NEWCHAT_MSG.createFailed),
  });
}

export function useDeleteNewchat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/newchats/${id}`, { method: 'DELETE', schema: ZMessageOutput }),
    onSuccess: (result, id) => {
      toast.success(result.message);
      queryClient.setQueryData<TNewchat[]>(KEY, (list) => list?.filter((n) => n.id !== id));
      return queryClient.invalidateQueries({ queryKey: KEY, exact: true });
    },
    onError: (error) => toast.apiError(error, NEWCHAT_MSG.newchatRemoveFailed),
  });
}

/** POST /newchat-upload/{image|pdf} (id, file): answers the public url the settings keep. */
export function useUploadNewchatFile() {
  return useMutation({
    mutationFn: ({ id, kind, file }: { id: number; kind: 'image' | 'pdf'; file: File }) => {
      const form = new FormData();
      form.append('id', String(id));
      form.append('file', file);
      return apiRequest(`/api/newchat-upload/${kind}`, {
        method: 'POST',
        body: form,
        schema: z.object({ success: z.boolean(), url: z.string() }),
      });
    },
    onError: (error, vars) =>
      toast.apiError(error, vars.kind === 'image' ? NEWCHAT_MSG.imageUploadFailed : NEWCHAT_MSG.fileInvalid),
  });
}
