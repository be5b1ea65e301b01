import {
  INTEGRATION_MSG,
  type TIntegrationInput,
  ZIntegrationDeliveries,
  ZIntegrationList,
  ZIntegrationMessage,
  ZIntegrationSaved,
} from '@prosa/shared/integrations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

// The integrations screen's calls (spec 2 §7: all, find, create, update, delete; recent deliveries, resend).
const keys = {
  list: ['integrations'] as const,
  deliveries: ['integrations', 'deliveries'] as const,
};

export function useIntegrations() {
  return useQuery({
    queryKey: keys.list,
    queryFn: () => apiRequest('/api/integrations', { schema: ZIntegrationList }),
  });
}

export function useDeliveries() {
  return useQuery({
    queryKey: keys.deliveries,
    queryFn: () => apiRequest('/api/integrations/deliveries', { schema: ZIntegrationDeliveries }),
    // Deliveries change in the background (the job and its retries): the list is read again now and then.
    refetchInterval: 15_000,
  });
}

export function useSaveIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TIntegrationInput }) =>
      apiRequest(id === null ? '/api/integrations' : `/api/integrations/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: ZIntegrationSaved,
      }),
    onSuccess: (r) => {
      toast.success(r.message);
      return queryClient.invalidateQueries({ queryKey: keys.list });
    },
    onError: (error) => toast.apiError(error, INTEGRATION_MSG.saveError),
  });
}

export function useDeleteIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/integrations/${id}`, { method: 'DELETE', schema: ZIntegrationMessage }),
    onSuccess: (r) => {
      toast.success(r.message);
      return queryClient.invalidateQueries({ queryKey: keys.list });
    },
    onError: (error) => toast.apiError(error, INTEGRATION_MSG.deleteError),
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/integrations/deliveries/${id}/resend`, {
        method: 'POST',
        schema: ZIntegrationMessage,
      }),
    onSuccess: (r) => {
      toast.success(r.message);
      return queryClient.invalidateQueries({ queryKey: keys.list });
    },
    onError: (error) => toast.apiError(error, INTEGRATION_MSG.resendError),
  });
}
