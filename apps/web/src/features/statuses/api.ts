import type { ZStatus } from '@prosa/shared/company';
import type { TStatusInput } from '@prosa/shared/org-admin';
import { ORG_MSG } from '@prosa/shared/org-admin-texts';
import type { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { reloadAfterClassification } from './status-reload';

// Under queryKeys.statuses, so a change also refreshes the chat's and the history's status lists.
export const companyStatusesKey = (companyId: number) =>
  [...queryKeys.statuses, 'company', companyId] as const;
const base = (companyId: number) => `/api/companies/${companyId}/statuses`;

export type TStatus = z.infer<typeof ZStatus>;

/** The statuses of the logged-in user's company (chat, history filters, attendance rules). */
export function useStatuses() {
  return useQuery({
    queryKey: queryKeys.statuses,
    queryFn: () => apiRequest('/api/statuses', { schema: (s) => s.z.array(s.ZStatus) }),
  });
}

export function useCompanyStatuses(companyId: number) {
  return useQuery({
    queryKey: companyStatusesKey(companyId),
    queryFn: () => apiRequest(base(companyId), { schema: (s) => s.z.array(s.ZStatusAdmin) }),
  });
}

/** Create (id null) or update; a classification status reloads the page 3 s after the success toast. */
export function useSaveStatus(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TStatusInput }) =>
      apiRequest(id === null ? base(companyId) : `${base(companyId)}/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
        schema: (s) => s.z.object({ message: s.z.string(), status: s.ZStatusAdmin }),
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      reloadAfterClassification(result.status.should_close);
      return queryClient.invalidateQueries({ queryKey: queryKeys.statuses });
    },
  });
}

export function useDeleteStatus(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`${base(companyId)}/${id}`, {
        method: 'DELETE',
        schema: (s) => s.z.object({ message: s.z.string(), should_close: s.z.number() }),
      }),
    onSuccess: (result) => {
      toast.success(result.message || ORG_MSG.statusDeleted);
      reloadAfterClassification(result.should_close);
      return queryClient.invalidateQueries({ queryKey: queryKeys.statuses });
    },
    // "Status removal failure lists the server messages" (spec 2 §8).
    onError: (error) => toast.apiError(error),
  });
}
