import { SMART_MSG, type TSmartChannelInput, ZSmartChannel } from '@prosa/shared/smart';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

export const smartChannelsKey = ['smart-channels'] as const;

export function useSmartChannels() {
  return useQuery({
    queryKey: smartChannelsKey,
    queryFn: () => apiRequest('/api/channels/smart', { schema: z.array(ZSmartChannel) }),
  });
}

// Spec 2 §8: the server's message is shown, else the generic text.
const failed = (error: unknown) => toast.error(errorMessage(error));

export function useSaveSmartChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TSmartChannelInput }) =>
      apiRequest(id === null ? '/api/channels/smart' : `/api/channels/smart/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: ZSmartChannel,
      }),
    onSuccess: () => {
      toast.success(SMART_MSG.saved);
      return queryClient.invalidateQueries({ queryKey: smartChannelsKey });
    },
    onError: failed,
  });
}

export function useDeleteSmartChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/channels/smart/${id}`, {
        method: 'DELETE',
        schema: z.object({ message: z.string() }),
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: smartChannelsKey });
    },
    onError: failed,
  });
}
