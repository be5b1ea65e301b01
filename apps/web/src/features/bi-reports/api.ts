import {
  BI_MSG,
  BI_REPORTS_PER_PAGE,
  type TBiReportInput,
  ZBiCompanyOptions,
  ZBiMessage,
  ZBiProviders,
  ZBiReport,
  ZBiReportPage,
  ZBiReportSaved,
  ZBiReportView,
} from '@prosa/shared/bi-reports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

// The BI screens' calls (spec 3 §7: list, show, save, delete, company search; the viewer's embed).
const root = ['bi-reports'] as const;
const keys = {
  list: (page: number, search: string) => [...root, 'list', page, search] as const,
  one: (id: number) => [...root, 'one', id] as const,
  providers: [...root, 'providers'] as const,
  companies: (term: string) => [...root, 'companies', term] as const,
  view: (id: number) => [...root, 'view', id] as const,
};

export function useBiReportsPage(page: number, search: string) {
  return useQuery({
    queryKey: keys.list(page, search),
    queryFn: () => {
      const q = new URLSearchParams({ page: String(page), per_page: String(BI_REPORTS_PER_PAGE) });
      if (search.trim()) q.set('search', search.trim());
      return apiRequest(`/api/bi-reports?${q}`, { schema: ZBiReportPage });
    },
    placeholderData: keepPreviousData,
  });
}

export function useBiReport(id: number | null) {
  return useQuery({
    queryKey: keys.one(id ?? 0),
    enabled: id !== null,
    queryFn: () => apiRequest(`/api/bi-reports/${id}`, { schema: ZBiReport }),
  });
}

export function useBiProviders() {
  return useQuery({
    queryKey: keys.providers,
    queryFn: () => apiRequest('/api/bi-reports/providers', { schema: ZBiProviders }),
    staleTime: 5 * 60_000,
  });
}

export function useBiCompanies(term: string) {
  return useQuery({
    queryKey: keys.companies(term),
    queryFn: () => {
      const q = new URLSearchParams();
      if (term.trim()) q.set('term', term.trim());
      return apiRequest(`/api/bi-reports/companies?${q}`, { schema: ZBiCompanyOptions });
    },
    placeholderData: keepPreviousData,
  });
}

/** The embeds of a report, or one of them (`part`) when its panel refreshes. */
export function fetchBiEmbed(id: number, part?: number) {
  const q = part === undefined ? '' : `?part=${part}`;
  return apiRequest(`/api/bi-reports/${id}/embed${q}`, { schema: ZBiReportView });
}

export function useBiReportView(id: number) {
  return useQuery({
    queryKey: keys.view(id),
    queryFn: () => fetchBiEmbed(id),
    // Its tokens are refreshed by the panels on their own timers, never by a refetch of the whole view.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useSaveBiReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TBiReportInput }) =>
      id === null
        ? apiRequest('/api/bi-reports', { method: 'POST', body, schema: ZBiReportSaved })
        : apiRequest(`/api/bi-reports/${id}`, { method: 'PUT', body, schema: ZBiReportSaved }),
    onSuccess: (r) => {
      toast.success(r.message);
      return qc.invalidateQueries({ queryKey: root });
    },
    onError: (e) => toast.error(errorMessage(e, BI_MSG.saveError)),
  });
}

export function useDeleteBiReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/bi-reports/${id}`, { method: 'DELETE', schema: ZBiMessage }),
    onSuccess: (r) => {
      toast.success(r.message);
      return qc.invalidateQueries({ queryKey: root });
    },
    onError: (e) => toast.error(errorMessage(e, BI_MSG.deleteError)),
  });
}
