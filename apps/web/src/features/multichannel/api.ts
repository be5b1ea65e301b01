import { ZMessageOutput } from '@prosa/shared/auth';
import {
  MULTICHANNEL_MSG,
  type TMultichannelInput,
  ZMultichannel,
  ZMultichannelOption,
  ZMultichannelPage,
} from '@prosa/shared/multichannel';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

const KEY = ['multichannel'] as const;

export function useMultichannels(page: number, search: string) {
  return useQuery({
    queryKey: [...KEY, 'list', page, search],
    queryFn: () => {
      const q = new URLSearchParams({ page: String(page) });
      if (search) q.set('search', search);
      return apiRequest(`/api/multichannel?${q}`, { schema: ZMultichannelPage });
    },
    placeholderData: keepPreviousData,
  });
}

export function useMultichannel(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => apiRequest(`/api/multichannel/${id}`, { schema: ZMultichannel }),
    enabled: id !== null,
  });
}

/** The company's channels a link can pick (WhatsApp numbers, pages, web chats, Telegram bots, NewChats). */
export function useLinkableChannels() {
  return useQuery({
    queryKey: [...KEY, 'channels'],
    queryFn: () => apiRequest('/api/multichannel/channels', { schema: z.array(ZMultichannelOption) }),
  });
}

export function useSaveMultichannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TMultichannelInput }) =>
      apiRequest(id === null ? '/api/multichannel' : `/api/multichannel/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: ZMultichannel,
      }),
    onSuccess: () => {
      toast.success(MULTICHANNEL_MSG.saved);
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteMultichannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/multichannel/${id}`, { method: 'DELETE', schema: ZMessageOutput }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => toast.apiError(error),
  });
}

/** POST /multichannel-upload (file): the widget logo; answers its URL. */
export function useUploadMultichannelLogo() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest('/api/multichannel-upload', {
        method: 'POST',
        body: form,
        schema: z.object({ success: z.boolean(), url: z.string() }),
      });
    },
    onError: (error) => toast.apiError(error, MULTICHANNEL_MSG.uploadFailed),
  });
}
