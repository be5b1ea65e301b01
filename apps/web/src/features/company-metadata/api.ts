import { ZChatSettings } from '@prosa/shared/company-metadata';
import { z } from '@prosa/shared/zod';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const ZFeatures = z.object({
  triage: z.enum(['BASIC', 'OPERATOR', 'MANAGER']),
  auto_dist: z.boolean(),
  allow: z.record(z.string(), z.boolean()),
  settings: ZChatSettings,
  timezone: z.string(),
});
export type TFeatures = z.infer<typeof ZFeatures>;

export function useCompanyFeatures() {
  return useQuery({
    queryKey: queryKeys.companyFeatures,
    queryFn: () => apiRequest('/api/company/features', { schema: ZFeatures }),
  });
}
