import { ZMessageOutput } from '@prosa/shared/auth';
import { ZCompanyMetadataShape } from '@prosa/shared/company-metadata';
import {
  CONTROL_WORDS_MSG,
  ZControlWord,
  ZControlWordList,
  ZControlWordLogPage,
} from '@prosa/shared/control-words';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

export const controlWordKeys = {
  all: ['control-words'] as const,
  list: ['control-words', 'list'] as const,
  logs: (page: number) => ['control-words', 'logs', page] as const,
};

export function useControlWords() {
  return useQuery({
    queryKey: controlWordKeys.list,
    queryFn: () => apiRequest('/api/control-words', { schema: ZControlWordList }),
  });
}

export function useControlWordLogs(page: number) {
  return useQuery({
    queryKey: controlWordKeys.logs(page),
    queryFn: () => apiRequest(`/api/control-words/logs?page=${page}`, { schema: ZControlWordLogPage }),
    placeholderData: keepPreviousData,
  });
}

export function useAddControlWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (word: string) =>
      apiRequest('/api/control-words', {
        method: 'POST',
        body: { word },
        schema: z.object({ message: z.string(), word: ZControlWord }),
      }),
    onSuccess: (result) => {
      toast.success(result.message || CONTROL_WORDS_MSG.saved);
      return queryClient.invalidateQueries({ queryKey: controlWordKeys.list });
    },
  });
}

export function useRemoveControlWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/control-words/${id}`, { method: 'DELETE', schema: ZMessageOutput }),
    onSuccess: (result) => {
      toast.success(result.message || CONTROL_WORDS_MSG.removed);
      return queryClient.invalidateQueries({ queryKey: controlWordKeys.list });
    },
    onError: (error) => toast.apiError(error),
  });
}

/** Switches allow.controlwords: reads the metadata right before saving it, so the window for a lost change is small. */
export function useSetControlWordsEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) => {
      // The company metadata as a whole: only allow.controlwords changes, every other key goes back as it came.
      const current = await apiRequest('/api/company/metadata', { schema: ZCompanyMetadataShape });
      return apiRequest('/api/company/metadata', {
        method: 'PUT',
        body: { ...current, allow: { ...(current.allow ?? {}), controlwords: enabled } },
        schema: z.object({ message: z.string() }).loose(),
      });
    },
    onSuccess: (result) => {
      toast.success(result.message || CONTROL_WORDS_MSG.settingsSaved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: controlWordKeys.list }),
        queryClient.invalidateQueries({ queryKey: ['company'] }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error, CONTROL_WORDS_MSG.toggleError)),
  });
}
