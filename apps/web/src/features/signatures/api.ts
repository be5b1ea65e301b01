import { ZMessageOutput } from '@prosa/shared/auth';
import { ZCompanySignature, ZSignatureSaved } from '@prosa/shared/users-admin';
import { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';
import { adminKeys, usersBase } from '../users/api';

// Signatures (spec 2 §3): per user in the user modal, and the whole company in company edit.
export function useCompanySignatures(companyId: number) {
  return useQuery({
    queryKey: adminKeys.signatures(companyId),
    queryFn: () =>
      apiRequest(`/api/companies/${companyId}/signatures`, { schema: z.array(ZCompanySignature) }),
  });
}

export function useSaveSignature(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: number; id: number | null; body: { label: string; sector_id: number } }) =>
      apiRequest(
        v.id === null
          ? `${usersBase(companyId)}/${v.userId}/signatures`
          : `${usersBase(companyId)}/${v.userId}/signatures/${v.id}`,
        { method: v.id === null ? 'POST' : 'PATCH', body: v.body, schema: ZSignatureSaved },
      ),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: adminKeys.users(companyId) });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteSignature(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: number; id: number }) =>
      apiRequest(`${usersBase(companyId)}/${v.userId}/signatures/${v.id}`, {
        method: 'DELETE',
        schema: ZMessageOutput,
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: adminKeys.users(companyId) });
    },
    onError: (error) => toast.apiError(error),
  });
}
