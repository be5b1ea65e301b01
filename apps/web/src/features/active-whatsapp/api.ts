import {
  HSM_MSG,
  type TActiveWawebInput,
  type TActiveWhatsappInput,
  ZActiveWhatsappOptions,
  ZTemplateSent,
} from '@prosa/shared/hsm';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

export const activeKeys = {
  options: ['active-whatsapp', 'options'] as const,
  total: ['active-whatsapp', 'total'] as const,
};

/** Channels, sectors, responsibles and templates the caller may use to start a conversation. */
export function useActiveWhatsappOptions(enabled = true) {
  return useQuery({
    queryKey: activeKeys.options,
    queryFn: () => apiRequest('/api/active-whatsapp/options', { schema: ZActiveWhatsappOptions }),
    enabled,
    staleTime: 30_000,
  });
}

export function useTotalActiveToday(enabled: boolean) {
  return useQuery({
    queryKey: activeKeys.total,
    queryFn: () => apiRequest('/api/get-total-active-sent-day', { schema: z.object({ total: z.number() }) }),
    enabled,
  });
}

export function useCreateActiveWhatsapp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, body }: { channelId: number; body: TActiveWhatsappInput }) =>
      apiRequest(`/api/create-active-whatsapp-enterprise/${channelId}`, {
        method: 'POST',
        body,
        schema: ZTemplateSent,
      }),
    onSuccess: (r) => {
      if (r.sent) toast.success('Mensagem enviada com sucesso!');
      else toast.error(HSM_MSG.sendError);
      void queryClient.invalidateQueries({ queryKey: activeKeys.total });
      return queryClient.invalidateQueries({ queryKey: queryKeys.attendanceLists });
    },
    onError: (error) => toast.apiError(error, HSM_MSG.sendError),
  });
}

/** A free-text active message from a WhatsApp number by QR code (POST /create-active-whatsapp/{id}). */
export function useCreateActiveWaweb() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, body }: { channelId: number; body: TActiveWawebInput }) =>
      apiRequest(`/api/create-active-whatsapp/${channelId}`, { method: 'POST', body, schema: ZTemplateSent }),
    onSuccess: (r) => {
      if (r.sent) toast.success('Mensagem enviada com sucesso!');
      else toast.error(r.error ?? HSM_MSG.sendError);
      void queryClient.invalidateQueries({ queryKey: activeKeys.total });
      return queryClient.invalidateQueries({ queryKey: queryKeys.attendanceLists });
    },
    onError: (error) => toast.apiError(error),
  });
}
