import { ZMessageOutput } from '@prosa/shared/auth';
import { ZIdName } from '@prosa/shared/company-admin';
import { CONTRACT_MSG, type TContractInput, ZContractOutput } from '@prosa/shared/contract';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';

export const contractKeys = {
  all: (companyId: number) => ['contracts', companyId] as const,
  month: (companyId: number, month: string | null) => ['contracts', companyId, month ?? 'current'] as const,
  sellers: ['sellers'] as const,
};

export function useSellers() {
  return useQuery({
    queryKey: contractKeys.sellers,
    queryFn: () => apiRequest('/api/sellers', { schema: z.array(ZIdName) }),
    staleTime: 5 * 60_000,
  });
}

/** The contract and its usage cost in `month` ('YYYY-MM'; null: the current month of the company). */
export function useContract(companyId: number, month: string | null) {
  return useQuery({
    queryKey: contractKeys.month(companyId, month),
    queryFn: () =>
      apiRequest(`/api/companies/${companyId}/contract${month ? `?month=${month}` : ''}`, {
        schema: ZContractOutput,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveContract(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TContractInput) =>
      apiRequest(`/api/companies/${companyId}/contract`, { method: 'PATCH', body, schema: ZMessageOutput }),
    onSuccess: (result) => {
      toast.success(result.message || CONTRACT_MSG.saved);
      return queryClient.invalidateQueries({ queryKey: contractKeys.all(companyId) });
    },
    onError: (error) => toast.apiError(error),
  });
}
