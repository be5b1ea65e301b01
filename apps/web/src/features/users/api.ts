import { ZUserListItem } from '@prosa/shared/company';
import { z } from '@prosa/shared/zod';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export type TUserListItem = z.infer<typeof ZUserListItem>;

export function useUsers() {
  return useQuery({
    queryKey: queryKeys.users,
    queryFn: () => apiRequest('/api/users', { schema: z.array(ZUserListItem) }),
  });
}
