import {
  CHATBOT_API,
  CHATBOT_MSG,
  type TFlow,
  type TFlowInput,
  ZFlow,
  ZFlowList,
  ZFlowOptions,
  ZFlowSaved,
} from '@prosa/shared/chatbot';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

// Query keys of the chatbot flows (kept here: only this feature uses them).
export const chatbotKeys = {
  all: ['chatbot'] as const,
  flows: (page: number) => ['chatbot', 'flows', page] as const,
  flow: (id: number) => ['chatbot', 'flow', id] as const,
  options: ['chatbot', 'options'] as const,
};

/** GET /chatbot/flows?page= (spec 2 §7): a 403 means the company may not use chatbots. */
export function useFlows(page: number) {
  return useQuery({
    queryKey: chatbotKeys.flows(page),
    queryFn: () => apiRequest(`${CHATBOT_API.flows}?page=${page}`, { schema: ZFlowList }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useFlow(id: number | null) {
  return useQuery({
    queryKey: chatbotKeys.flow(id ?? 0),
    queryFn: () => apiRequest(CHATBOT_API.flow(id ?? 0), { schema: ZFlow }),
    enabled: id !== null,
    retry: false,
    // The editor copies the flow once when it opens (a refetch never replaces the drawing being edited), so
    // the copy is dropped on leaving: opening the flow again reads what is saved now.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Channels, sectors, operators, finalization statuses and contact fields the editor's selects offer. */
export function useFlowOptions(enabled = true) {
  return useQuery({
    queryKey: chatbotKeys.options,
    queryFn: () => apiRequest(CHATBOT_API.options, { schema: ZFlowOptions }),
    enabled,
    retry: false,
  });
}

export function saveFlowRequest(id: number | null, body: TFlowInput) {
  return apiRequest(id === null ? CHATBOT_API.flows : CHATBOT_API.flow(id), {
    method: id === null ? 'POST' : 'PUT',
    body,
    schema: ZFlowSaved,
  });
}

/** Create (no id) or "update flow"; the caller shows the server's error (and its issues) on failure. */
export function useSaveFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TFlowInput }) => saveFlowRequest(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(chatbotKeys.flow(saved.flow.id), saved.flow);
      // The channels' flow names in the options change with the links.
      queryClient.invalidateQueries({ queryKey: chatbotKeys.options });
      return queryClient.invalidateQueries({ queryKey: ['chatbot', 'flows'] });
    },
  });
}

/** Activates or deactivates a flow from the list: the whole flow is read and saved back with the new flag. */
export function useToggleFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, active }: { id: number; active: boolean }) => {
      const flow: TFlow = await apiRequest(CHATBOT_API.flow(id), { schema: ZFlow });
      return saveFlowRequest(id, {
        name: flow.name,
        description: flow.description,
        active,
        graph: flow.graph,
      });
    },
    onSuccess: (saved) => {
      toast.success(saved.message || CHATBOT_MSG.saved);
      queryClient.setQueryData(chatbotKeys.flow(saved.flow.id), saved.flow);
      return queryClient.invalidateQueries({ queryKey: chatbotKeys.all });
    },
    onError: (error) => toast.apiError(error, CHATBOT_MSG.saveError),
  });
}

export function useDeleteFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(CHATBOT_API.flow(id), { method: 'DELETE', schema: z.object({ message: z.string() }) }),
    onSuccess: (result, id) => {
      toast.success(result.message || CHATBOT_MSG.removed);
      queryClient.removeQueries({ queryKey: chatbotKeys.flow(id) });
      return queryClient.invalidateQueries({ queryKey: chatbotKeys.all });
    },
    onError: (error) => toast.apiError(error),
  });
}
