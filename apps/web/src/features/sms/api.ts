import { SMS_MSG, type TSmsChannel, type TSmsChannelInput, ZSmsApiKey, ZSmsChannel } from '@prosa/shared/sms';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

export const smsChannelsKey = ['sms-channels'] as const;

export function useSmsChannels() {
  return useQuery({
    queryKey: smsChannelsKey,
    queryFn: () => apiRequest('/api/channels/sms', { schema: z.array(ZSmsChannel) }),
  });
}

export function useSmsChannel(id: number | null) {
  return useQuery({
    queryKey: [...smsChannelsKey, id],
    queryFn: () => apiRequest(`/api/channels/sms/${id}`, { schema: ZSmsChannel }),
    enabled: id !== null,
    retry: false,
  });
}

/** get_api_key: the webhook URL (with the channel's secret) to paste in the broker's panel. */
export function useSmsApiKey(id: number | null) {
  return useQuery({
    queryKey: [...smsChannelsKey, id, 'api-key'],
    queryFn: () => apiRequest(`/api/channels/sms/${id}/api-key`, { schema: ZSmsApiKey }),
    enabled: id !== null,
  });
}

/** Creates (no id) or updates a channel; blank credentials are kept on update. */
export function useSaveSmsChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TSmsChannelInput }) =>
      apiRequest(id === null ? '/api/channels/sms' : `/api/channels/sms/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: ZSmsChannel,
      }),
    onSuccess: (saved) => {
      toast.success(SMS_MSG.saved);
      queryClient.setQueryData<TSmsChannel>([...smsChannelsKey, saved.id], saved);
      return queryClient.invalidateQueries({ queryKey: smsChannelsKey });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteSmsChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/channels/sms/${id}`, { method: 'DELETE', schema: z.object({ message: z.string() }) }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: smsChannelsKey });
    },
    onError: (error) => toast.apiError(error),
  });
}
