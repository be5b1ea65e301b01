import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function useCompanyFeatures() {
  return useQuery({
    queryKey: queryKeys.companyFeatures,
    queryFn: () => apiRequest('/api/company/features', { schema: (s) => s.ZCompanyFeatures }),
  });
}
