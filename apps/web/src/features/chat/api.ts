import { ZSector } from '@prosa/shared/company';
import { z } from '@prosa/shared/zod';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export type TSector = z.infer<typeof ZSector>;

export function useSectors() {
  return useQuery({
    queryKey: queryKeys.sectors,
    queryFn: () => apiRequest('/api/sectors', { schema: z.array(ZSector) }),
  });
}
