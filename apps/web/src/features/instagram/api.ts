import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

const BASE = '/api/instagram';

export const instagramKey = ['instagram'] as const;

/** An Instagram business account connected through its Facebook page (kind insta). */
export const ZInstagramAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  account_id: z.string(),
  username: z.string(),
  page_id: z.string(),
  sector_id: z.number().int(),
  iagree: z.boolean(),
});
export type TInstagramAccount = z.infer<typeof ZInstagramAccount>;

export type TInstagramInput = { page_id: string; name: string; sector_id: number; iagree: boolean };

export function useInstagramAccounts() {
  return useQuery({
    queryKey: instagramKey,
    queryFn: () => apiRequest(BASE, { schema: z.array(ZInstagramAccount) }),
  });
}

export function useCreateInstagram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TInstagramInput) => apiRequest(BASE, { method: 'POST', body, schema: z.unknown() }),
    onSuccess: () => {
      toast.success('Conta do Instagram conectada com sucesso!');
      return queryClient.invalidateQueries({ queryKey: instagramKey });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useUpdateInstagramSector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sectorId }: { id: number; sectorId: number }) =>
      apiRequest(`${BASE}/${id}`, { method: 'PATCH', body: { sector_id: sectorId }, schema: z.unknown() }),
    onSuccess: () => {
      toast.success('Setor da conta atualizado com sucesso!');
      return queryClient.invalidateQueries({ queryKey: instagramKey });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteInstagram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${BASE}/${id}`, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => {
      toast.success('Conta do Instagram removida com sucesso!');
      return queryClient.invalidateQueries({ queryKey: instagramKey });
    },
    onError: (error) => toast.apiError(error),
  });
}
