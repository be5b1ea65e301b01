import { ZMessageOutput } from '@prosa/shared/auth';
import {
  KNOWLEDGE_MSG,
  type TKnowledgeInput,
  type TKnowledgeItem,
  ZKnowledgeItem,
  ZKnowledgeItemResult,
  ZKnowledgeListPage,
  ZKnowledgeTag,
} from '@prosa/shared/knowledge';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

export type { TKnowledgeItem };
export type TKnowledgeQuery = { page: number; count: number; searchFor: string };

// Query keys of the knowledge base (list pages, most used, chat autocomplete, tags).
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  list: (q: TKnowledgeQuery) => ['knowledge', 'list', q] as const,
  mostUsed: ['knowledge', 'most-used'] as const,
  autocomplete: (term: string) => ['knowledge', 'autocomplete', term] as const,
  tags: (term: string) => ['knowledge', 'tags', term] as const,
};

function listQueryString(q: TKnowledgeQuery) {
  const search = new URLSearchParams({ page: String(q.page), count: String(q.count) });
  if (q.searchFor.trim()) search.set('searchFor', q.searchFor);
  return search.toString();
}

/** The paged list (8 per page; 4, 8 or 16), with the search of spec 1 §5. */
export function useKnowledgeList(q: TKnowledgeQuery, enabled = true) {
  return useQuery({
    queryKey: knowledgeKeys.list(q),
    queryFn: () => apiRequest(`/api/knowledge?${listQueryString(q)}`, { schema: ZKnowledgeListPage }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMostUsed(enabled = true) {
  return useQuery({
    queryKey: knowledgeKeys.mostUsed,
    queryFn: () => apiRequest('/api/knowledge/most-used', { schema: z.array(ZKnowledgeItem) }),
    enabled,
  });
}

/** '#term' of the chat's text box: up to 7 answers once the term has 2 characters. */
export function useKnowledgeAutocomplete(term: string, enabled: boolean) {
  return useQuery({
    queryKey: knowledgeKeys.autocomplete(term),
    queryFn: () =>
      apiRequest(`/api/knowledge/autocomplete?term=${encodeURIComponent(term)}`, {
        schema: z.array(ZKnowledgeItem),
      }),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useKnowledgeTags(term = '', enabled = true) {
  return useQuery({
    queryKey: knowledgeKeys.tags(term),
    queryFn: () =>
      apiRequest(`/api/knowledge/tags?term=${encodeURIComponent(term)}`, { schema: z.array(ZKnowledgeTag) }),
    enabled,
  });
}

/** Counts one use of an answer inserted in the chat; a failure does not bother the operator. */
export function incrementKnowledgeUse(id: number) {
  return apiRequest(`/api/knowledge/${id}/increment`, {
    method: 'POST',
    schema: z.object({ id: z.number(), uses: z.number() }),
  }).catch(() => undefined);
}

export function useSaveKnowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TKnowledgeInput }) =>
      apiRequest(id === null ? '/api/knowledge' : `/api/knowledge/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
        schema: ZKnowledgeItemResult,
      }),
    onSuccess: (result) => {
      toast.success(result.message || KNOWLEDGE_MSG.saved);
      return queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteKnowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/knowledge/${id}`, { method: 'DELETE', schema: ZMessageOutput }),
    onSuccess: (result) => {
      toast.success(result.message || KNOWLEDGE_MSG.removed);
      return queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error, KNOWLEDGE_MSG.removeError)),
  });
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: string) =>
      apiRequest('/api/knowledge/tags', {
        method: 'POST',
        body: { tag },
        schema: z.object({ message: z.string(), tag: ZKnowledgeTag }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['knowledge', 'tags'] }),
    onError: (error) => toast.error(errorMessage(error, KNOWLEDGE_MSG.tagAddError)),
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/knowledge/tags/${id}`, { method: 'DELETE', schema: ZMessageOutput }),
    onSuccess: (result) => {
      toast.success(result.message || KNOWLEDGE_MSG.tagRemoved);
      return queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
    },
    onError: (error) => toast.apiError(error),
  });
}
