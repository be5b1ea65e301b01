import {
  TELEGRAM_MSG,
  type TTelegramChannel,
  type TTelegramChannelPatch,
  ZTelegramChannel,
} from '@prosa/shared/telegram';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

export const telegramChannelsKey = ['telegram-channels'] as const;

export function useTelegramChannels() {
  return useQuery({
    queryKey: telegramChannelsKey,
    queryFn: () => apiRequest('/api/channels/telegram', { schema: z.array(ZTelegramChannel) }),
    // The workers' polling moves the state (Conectado / Erro): read again now and then.
    refetchInterval: 15_000,
  });
}

export function useTelegramChannel(id: number | null) {
  return useQuery({
    queryKey: [...telegramChannelsKey, id],
    queryFn: () => apiRequest(`/api/channels/telegram/${id}`, { schema: ZTelegramChannel }),
    enabled: id !== null,
    retry: false,
  });
}

/** Creates (no id) or updates a channel; a blank token is kept on update. */
export function useSaveTelegramChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TTelegramChannelPatch }) =>
      apiRequest(id === null ? '/api/channels/telegram' : `/api/channels/telegram/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
        schema: ZTelegramChannel,
      }),
    onSuccess: (saved) => {
      toast.success(TELEGRAM_MSG.saved);
      queryClient.setQueryData<TTelegramChannel>([...telegramChannelsKey, saved.id], saved);
      return queryClient.invalidateQueries({ queryKey: telegramChannelsKey });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteTelegramChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/channels/telegram/${id}`, {
        method: 'DELETE',
        schema: z.object({ message: z.string() }),
      }),
    onSuccess: (result, id) => {
      toast.success(result.message);
      queryClient.setQueryData<TTelegramChannel[]>(telegramChannelsKey, (list) =>
        list?.filter((c) => c.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: telegramChannelsKey });
    },
    onError: (error) => toast.apiError(error),
  });
}
