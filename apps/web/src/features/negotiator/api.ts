import { ZMessageOutput } from '@prosa/shared/auth';
import { NEGOTIATOR_MSG, type TNegotiatorInput, ZNegotiator } from '@prosa/shared/negotiator';
import {
  type TNegotiatorPhrasesInput,
  ZNegotiatorOptions,
  ZNegotiatorPage,
  ZNegotiatorPhrasesView,
  ZNegotiatorUpload,
} from '@prosa/shared/negotiator-admin';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

const KEY = ['negotiator'] as const;
export const NEGOTIATOR_PATH = '/negotiator';

export function useNegotiators(page: number, perPage: number, name: string) {
  return useQuery({
    queryKey: [...KEY, 'list', page, perPage, name],
    queryFn: () => {
      const q = new URLSearchParams({ page: String(page), per_page: String(perPage) });
      if (name) q.set('name', name);
      return apiRequest(`/api/negotiators?${q}`, { schema: ZNegotiatorPage });
    },
    placeholderData: keepPreviousData,
  });
}

export function useNegotiator(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: () => apiRequest(`/api/negotiators/${id}`, { schema: ZNegotiator }),
    enabled: id !== null,
  });
}

/** What the form offers; `keepMailingId` keeps the negotiator's own mailing listed (with its note). */
export function useNegotiatorOptions(keepMailingId: number | null, enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'options', keepMailingId],
    queryFn: () =>
      apiRequest(`/api/negotiators/options${keepMailingId ? `?keep_mailing_id=${keepMailingId}` : ''}`, {
        schema: ZNegotiatorOptions,
      }),
    enabled,
  });
}

export function useSaveNegotiator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TNegotiatorInput }) =>
      apiRequest(id === null ? '/api/negotiators' : `/api/negotiators/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: ZNegotiator,
      }),
    onSuccess: () => {
      toast.success('Negociador salvo com sucesso!');
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => toast.apiError(error, NEGOTIATOR_MSG.saveFailed),
  });
}

export function useDeleteNegotiator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/negotiators/${id}`, { method: 'DELETE', schema: ZMessageOutput }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useNegotiatorPhrases(id: number) {
  return useQuery({
    queryKey: [...KEY, 'phrases', id],
    queryFn: () => apiRequest(`/api/negotiators/${id}/phrases`, { schema: ZNegotiatorPhrasesView }),
  });
}

export function useSaveNegotiatorPhrases(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TNegotiatorPhrasesInput) =>
      apiRequest(`/api/negotiators/${id}/phrases`, {
        method: 'PUT',
        body,
        schema: z.object({ message: z.string(), phrases: ZNegotiatorPhrasesView }),
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      queryClient.setQueryData([...KEY, 'phrases', id], result.phrases);
    },
  });
}

/** POST /negotiator-upload (file, key): a hotsite image; answers its URL. */
export function useUploadNegotiatorImage() {
  return useMutation({
    mutationFn: ({ file, key }: { file: File; key: 'bgimage' | 'logo_image' }) => {
      const form = new FormData();
      form.append('key', key);
      form.append('file', file);
      return apiRequest('/api/negotiator-upload', { method: 'POST', body: form, schema: ZNegotiatorUpload });
    },
  });
}
