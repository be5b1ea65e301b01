import type { ZSector } from '@prosa/shared/company';
import type { TSectorAdmin } from '@prosa/shared/org-admin';
import { ORG_MSG } from '@prosa/shared/org-admin-texts';
import type { z } from '@prosa/shared/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

// Under queryKeys.sectors, so a change also refreshes the chat's sector list (and the reverse).
export const companySectorsKey = (companyId: number) => [...queryKeys.sectors, 'company', companyId] as const;
const base = (companyId: number) => `/api/companies/${companyId}/sectors`;

export type TSector = z.infer<typeof ZSector>;

/** The sectors the logged-in user's company has (chat filters and transfers, history, channels, knowledge). */
export function useSectors() {
  return useQuery({
    queryKey: queryKeys.sectors,
    queryFn: () => apiRequest('/api/sectors', { schema: (s) => s.z.array(s.ZSector) }),
  });
}

export function useCompanySectors(companyId: number) {
  return useQuery({
    queryKey: companySectorsKey(companyId),
    queryFn: () => apiRequest(base(companyId), { schema: (s) => s.z.array(s.ZSectorAdmin) }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.sectors }),
      // Status lists show sector names.
      queryClient.invalidateQueries({ queryKey: queryKeys.statuses }),
    ]);
}

/** Create (id null) or rename a sector; the caller shows a refusal under the name field. */
export function useSaveSector(companyId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, name }: { id: number | null; name: string }) =>
      apiRequest(id === null ? base(companyId) : `${base(companyId)}/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body: { name },
        schema: (s) => s.ZSectorSaved,
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return refresh();
    },
  });
}

export function useDeleteSector(companyId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`${base(companyId)}/${id}`, { method: 'DELETE', schema: (s) => s.ZMessageOutput }),
    onSuccess: (result) => {
      toast.success(result.message || ORG_MSG.sectorDeleted);
      return refresh();
    },
    onError: (error) => toast.apiError(error),
  });
}

/**
 * The new order shows at once; a refusal (403: general settings needed) is shown as a warning with the
 * server's text and the previous order comes back.
 */
export function useReorderSectors(companyId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const key = companySectorsKey(companyId);
  return useMutation({
    mutationFn: (ordered: TSectorAdmin[]) =>
      apiRequest(`${base(companyId)}/order`, {
        method: 'PUT',
        body: { ids: ordered.map((s) => s.id) },
        schema: (s) => s.z.object({ message: s.z.string(), sectors: s.z.array(s.ZSectorAdmin) }),
      }),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TSectorAdmin[]>(key);
      queryClient.setQueryData(key, ordered);
      return { previous };
    },
    onError: (error, _ordered, context) => {
      queryClient.setQueryData(key, context?.previous);
      if (error instanceof ApiError && error.status === 403)
        toast.warning(errorMessage(error), { permission: true });
      else toast.apiError(error);
    },
    onSuccess: (result) => {
      toast.success(result.message);
      queryClient.setQueryData(key, result.sectors);
      return refresh();
    },
  });
}
