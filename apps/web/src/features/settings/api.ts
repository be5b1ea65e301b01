import { ZMessageOutput } from '@prosa/shared/auth';
import { type TIpFilter, type TSecuritySettings, ZCompanySecurity } from '@prosa/shared/company';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

export function useCompanySecurity() {
  return useQuery({
    queryKey: queryKeys.companySecurity,
    queryFn: () => apiRequest('/api/company/security', { schema: ZCompanySecurity }),
  });
}

/** Saves and shows the server's answer ("Empresa atualizada com sucesso!") or its error. */
function useCompanyMutation<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => apiRequest(path, { method: 'PUT', body, schema: ZMessageOutput }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: queryKeys.companySecurity });
    },
    onError: (error) => toast.apiError(error),
  });
}

export const useSaveSecuritySettings = () => useCompanyMutation<TSecuritySettings>('/api/company/security');
export const useSaveIpFilter = () => useCompanyMutation<TIpFilter>('/api/company/ip-filter');
