import { type TWaentChannel, type TWaentChannelPatch, WAENT_MSG, ZWaentChannel } from '@prosa/shared/waent';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

export const waentChannelsKey = ['waent-channels'] as const;

export function useWaentChannels() {
  return useQuery({
    queryKey: waentChannelsKey,
    queryFn: () => apiRequest('/api/channels/waent', { schema: z.array(ZWaentChannel) }),
  });
}

/** Creates (no id) or updates a channel; blank secrets are kept on update. */
export function useSaveWaentChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TWaentChannelPatch }) =>
      apiRequest(id === null ? '/api/channels/waent' : `/api/channels/waent/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
        schema: ZWaentChannel,
      }),
    onSuccess: (saved) => {
      toast.success(WAENT_MSG.saved);
      queryClient.setQueryData<TWaentChannel[]>(waentChannelsKey, (list) =>
        list
          ? list.some((c) => c.id === saved.id)
            ? list.map((c) => (c.id === saved.id ? saved : c))
            : [...list, saved]
          : list,
      );
      return queryClient.invalidateQueries({ queryKey: waentChannelsKey });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteWaentChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/channels/waent/${id}`, {
        method: 'DELETE',
        schema: z.object({ message: z.string() }),
      }),
    onSuccess: (result, id) => {
      toast.success(result.message);
      queryClient.setQueryData<TWaentChannel[]>(waentChannelsKey, (list) => list?.filter((c) => c.id !== id));
      return queryClient.invalidateQueries({ queryKey: waentChannelsKey });
    },
    onError: (error) => toast.apiError(error),
  });
}
