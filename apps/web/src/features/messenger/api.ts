import {
  MESSENGER_MSG,
  type TMessageToManager,
  type TSendInternalMessage,
  ZChatMessages,
  ZInternalChat,
  ZMessengerOperator,
} from '@prosa/shared/messenger';
import { MESSENGER_TIMEOUT_MS } from '@prosa/shared/messenger-constants';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { unreadKey } from './unread';

// The messenger's queries all start with queryKeys.messenger: its socket events invalidate them (lib/realtime.ts).
const keys = {
  chats: (name: string, sort: string) => [...queryKeys.messenger, 'chats', name, sort] as const,
  messages: (id: number) => [...queryKeys.messenger, 'messages', id] as const,
  unread: unreadKey,
  operators: [...queryKeys.messenger, 'operators'] as const,
  managers: [...queryKeys.messenger, 'managers'] as const,
};

// Every messenger call gives up after 5 s (spec 3 §9); the screen then shows its error text.
const timeoutMs = MESSENGER_TIMEOUT_MS;

export function useChats(name: string, sort: 'recent' | 'oldest') {
  return useQuery({
    queryKey: keys.chats(name, sort),
    queryFn: () => {
      const q = new URLSearchParams({ sort });
      if (name.trim()) q.set('name', name.trim());
      return apiRequest(`/api/messenger/chats?${q}`, { schema: z.array(ZInternalChat), timeoutMs });
    },
  });
}

export function useChatMessages(id: number | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: keys.messages(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      const r = await apiRequest(`/api/messenger/chats/${id}/messages`, { schema: ZChatMessages, timeoutMs });
      // Reading clears the chat's unread counter on the server: the badge follows.
      qc.invalidateQueries({ queryKey: keys.unread });
      return r;
    },
  });
}

export function useMessengerOperators(enabled: boolean) {
  return useQuery({
    queryKey: keys.operators,
    enabled,
    queryFn: () => apiRequest('/api/messenger/operators', { schema: z.array(ZMessengerOperator), timeoutMs }),
  });
}

/** An operator's pick list: the company's managers. */
export function useMessengerManagers(enabled: boolean) {
  return useQuery({
    queryKey: keys.managers,
    enabled,
    queryFn: () => apiRequest('/api/messenger/managers', { schema: z.array(ZMessengerOperator), timeoutMs }),
  });
}

/** An operator writes to a manager. */
export function useSendToManager() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TMessageToManager) =>
      apiRequest('/api/messenger/manager-messages', {
        method: 'POST',
        body,
        schema: z.object({ message: z.string(), chat_id: z.number() }),
        timeoutMs,
      }),
    onSuccess: (r) => {
      toast.success(r.message);
      qc.invalidateQueries({ queryKey: queryKeys.messenger });
    },
    onError: (e) => toast.error(errorMessage(e, MESSENGER_MSG.saveError)),
  });
}

export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TSendInternalMessage) =>
      apiRequest('/api/messenger/messages', {
        method: 'POST',
        body,
        schema: z.object({ message: z.string(), chat_ids: z.array(z.number()) }),
        timeoutMs,
      }),
    onSuccess: (r) => {
      toast.success(r.message);
      qc.invalidateQueries({ queryKey: queryKeys.messenger });
    },
    onError: (e) => toast.error(errorMessage(e, MESSENGER_MSG.saveError)),
  });
}

export function useAnswer(chatId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest(`/api/messenger/chats/${chatId}/answer`, {
        method: 'POST',
        body: { message },
        schema: z.object({ message: z.string() }),
        timeoutMs,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.messenger }),
    onError: (e) => toast.error(errorMessage(e, MESSENGER_MSG.saveError)),
  });
}
