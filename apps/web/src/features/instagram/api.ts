import { type TInstagramInput, type TInstagramPatch, ZInstagramChannel } from '@prosa/shared/facebook';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

const BASE = '/api/instagram';

export const instagramKey = ['instagram'] as const;

const ZSaved = z.object({ message: z.string() });

/** The company's Instagram business accounts, each answered through its connected Facebook page. */
export function useInstagramAccounts() {
  return useQuery({
    queryKey: instagramKey,
    queryFn: () => apiRequest(BASE, { schema: z.array(ZInstagramChannel) }),
  });
}

/** Creates (no id) an account from a page, or changes an account's name and sector. */
export function useSaveInstagram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TInstagramInput | TInstagramPatch }) =>
      apiRequest(id === null ? BASE : `${BASE}/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
        schema: ZSaved.partial(),
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: instagramKey });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteInstagram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${BASE}/${id}`, { method: 'DELETE', schema: ZSaved.partial() }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: instagramKey });
    },
    onError: (error) => toast.apiError(error),
  });
}
