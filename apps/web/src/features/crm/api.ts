import {
  type TCrmLeadInput,
  type TCrmLeadPatch,
  ZAttendanceOpportunities,
  ZCrmBoard,
  ZCrmLead,
  ZCrmLeadPage,
  ZCrmLeadSaved,
} from '@prosa/shared/crm';
import { CRM_MSG } from '@prosa/shared/crm-texts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

export type TCrmFilters = { startAt: string | null; endAt: string | null; search: string; page: number };

const KEY = ['crm'] as const;
export const crmKeys = {
  all: KEY,
  board: [...KEY, 'board'] as const,
  leads: (f: TCrmFilters) => [...KEY, 'leads', f] as const,
  lead: (id: number) => [...KEY, 'lead', id] as const,
  attendance: (id: number) => [...KEY, 'attendance', id] as const,
};

// Other people's changes reach an open board by polling (no realtime fact exists for opportunities).
const POLL_MS = 15_000;

export function useCrmBoard() {
  return useQuery({
    queryKey: crmKeys.board,
    queryFn: () => apiRequest('/api/crm/board', { schema: ZCrmBoard }),
    staleTime: 60_000,
  });
}

export function leadsPath(f: TCrmFilters) {
  const q = new URLSearchParams({ page: String(f.page) });
  if (f.startAt) q.set('startAt', f.startAt);
  if (f.endAt) q.set('endAt', f.endAt);
  if (f.search.trim()) q.set('search', f.search.trim());
  return `/api/crm/leads?${q}`;
}

export function useCrmLeads(filters: TCrmFilters, enabled: boolean) {
  return useQuery({
    queryKey: crmKeys.leads(filters),
    queryFn: () => apiRequest(leadsPath(filters), { schema: ZCrmLeadPage }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

export function useCrmLead(id: number | null) {
  return useQuery({
    queryKey: crmKeys.lead(id ?? 0),
    queryFn: () => apiRequest(`/api/crm/leads/${id}`, { schema: ZCrmLead }),
    enabled: id !== null,
    retry: false,
  });
}

export function useAttendanceOpportunities(attendanceId: number, enabled: boolean) {
  return useQuery({
    queryKey: crmKeys.attendance(attendanceId),
    queryFn: () =>
      apiRequest(`/api/attendances/${attendanceId}/opportunities`, { schema: ZAttendanceOpportunities }),
    enabled,
    staleTime: 0,
  });
}

/** Every change refreshes what shows opportunities: the board, the details and the chat's list. */
function useSaved(fallback: string) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (res: { message: string }) => {
      queryClient.invalidateQueries({ queryKey: crmKeys.all });
      toast.success(res.message);
    },
    onError: (e: unknown) => toast.error(errorMessage(e, fallback)),
  };
}

export function useCreateLead() {
  return useMutation({
    mutationFn: (body: TCrmLeadInput) =>
      apiRequest('/api/crm/leads', { method: 'POST', body, schema: ZCrmLeadSaved }),
    ...useSaved(CRM_MSG.saveError),
  });
}

export function useUpdateLead() {
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: TCrmLeadPatch }) =>
      apiRequest(`/api/crm/leads/${id}`, { method: 'PATCH', body: patch, schema: ZCrmLeadSaved }),
    ...useSaved(CRM_MSG.editError),
  });
}

export function useSetOwner() {
  return useMutation({
    mutationFn: ({ id, ownerId }: { id: number; ownerId: number | null }) =>
      ownerId === null
        ? apiRequest(`/api/crm/leads/${id}/owner`, { method: 'DELETE', schema: ZCrmLeadSaved })
        : apiRequest(`/api/crm/leads/${id}/owner`, {
            method: 'PUT',
            body: { owner_id: ownerId },
            schema: ZCrmLeadSaved,
          }),
    ...useSaved(CRM_MSG.editError),
  });
}

export function useSyncLead() {
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/crm/leads/${id}/sync`, { method: 'POST', schema: ZCrmLeadSaved }),
    ...useSaved(CRM_MSG.syncError),
  });
}

export function useLinkLead(attendanceId: number) {
  const link = useMutation({
    mutationFn: (leadId: number) =>
      apiRequest(`/api/attendances/${attendanceId}/opportunities/${leadId}/link`, {
        method: 'POST',
        schema: ZCrmLeadSaved,
      }),
    ...useSaved(CRM_MSG.linkError),
  });
  const unlink = useMutation({
    mutationFn: (leadId: number) =>
      apiRequest(`/api/attendances/${attendanceId}/opportunities/${leadId}/link`, {
        method: 'DELETE',
        schema: ZCrmLeadSaved,
      }),
    ...useSaved(CRM_MSG.unlinkError),
  });
  return { link, unlink };
}
