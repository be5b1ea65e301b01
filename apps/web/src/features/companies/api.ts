import { ZMessageOutput } from '@prosa/shared/auth';
import { type TIpFilter, ZIpFilterOutput } from '@prosa/shared/company';
import {
  COMPANY_MSG,
  type TCompanyDetail,
  type TCompanyStatusInput,
  type TCreateCompanyInput,
  type TUpdateCompanyInput,
  type TWhiteLabelKey,
  ZCompanyDetail,
  ZCompanyList,
  ZCompanyListItem,
  ZIdName,
  ZTimezoneOption,
} from '@prosa/shared/company-admin';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

// Keys of the company administration screens (under 'companies', apart from the own company's 'company').
export const companyKeys = {
  all: ['companies'] as const,
  list: (params: TCompanyListParams) => ['companies', 'list', params] as const,
  detail: (id: number) => ['companies', 'detail', id] as const,
  ipFilter: (id: number) => ['companies', 'ip-filter', id] as const,
  plans: ['companies', 'plans'] as const,
  timezones: ['companies', 'timezones'] as const,
};

export type TCompanyListParams = { page: number; search: string };
export const COMPANIES_PER_PAGE = 25;

export function useCompanies(params: TCompanyListParams) {
  const query = new URLSearchParams({ page: String(params.page), per_page: String(COMPANIES_PER_PAGE) });
  if (params.search.trim()) query.set('search', params.search.trim());
  return useQuery({
    queryKey: companyKeys.list(params),
    queryFn: () => apiRequest(`/api/companies?${query}`, { schema: ZCompanyList }),
    placeholderData: keepPreviousData,
  });
}

export function useCompany(id: number) {
  return useQuery({
    queryKey: companyKeys.detail(id),
    queryFn: () => apiRequest(`/api/companies/${id}`, { schema: ZCompanyDetail }),
  });
}

export function usePlans() {
  return useQuery({
    queryKey: companyKeys.plans,
    queryFn: () => apiRequest('/api/plans', { schema: z.array(ZIdName) }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTimezones() {
  return useQuery({
    queryKey: companyKeys.timezones,
    queryFn: () => apiRequest('/api/timezones', { schema: z.array(ZTimezoneOption) }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateCompanyInput) =>
      apiRequest('/api/companies', { method: 'POST', body, schema: ZCompanyDetail }),
    onSuccess: () => {
      toast.success(COMPANY_MSG.created);
      return queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useCompanyStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TCompanyStatusInput }) =>
      apiRequest(`/api/companies/${id}/status`, {
        method: 'PATCH',
        body,
        schema: z.object({ message: z.string(), company: ZCompanyListItem }),
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
    onError: (error) => toast.apiError(error),
  });
}

/** Saves the fields of one tab; the answer ("Empresa atualizada com sucesso!") replaces the cached company. */
export function usePatchCompany(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateCompanyInput) =>
      apiRequest(`/api/companies/${id}`, {
        method: 'PATCH',
        body,
        schema: z.object({ message: z.string(), company: ZCompanyDetail }),
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      queryClient.setQueryData<TCompanyDetail>(companyKeys.detail(id), result.company);
      // The own company's timezone and name are read by every screen.
      void queryClient.invalidateQueries({ queryKey: queryKeys.companyFeatures });
      void queryClient.invalidateQueries({ queryKey: queryKeys.companyBrand });
      return queryClient.invalidateQueries({ queryKey: ['companies', 'list'] });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useUploadWhiteLabel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, file }: { key: TWhiteLabelKey; file: File }) => {
      const form = new FormData();
      form.append('key', key);
      form.append('file', file);
      return apiRequest(`/api/companies/${id}/white-label`, {
        method: 'POST',
        body: form,
        schema: z.object({ url: z.string() }),
      });
    },
    onSuccess: () => {
      toast.success(COMPANY_MSG.uploaded);
      // The header shows the own company's logo.
      void queryClient.invalidateQueries({ queryKey: queryKeys.companyBrand });
      return queryClient.invalidateQueries({ queryKey: companyKeys.detail(id) });
    },
    onError: (error) => toast.apiError(error, COMPANY_MSG.uploadError),
  });
}

export function useRemoveWhiteLabel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: TWhiteLabelKey) =>
      apiRequest(`/api/companies/${id}/white-label/${key}`, { method: 'DELETE', schema: ZMessageOutput }),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: queryKeys.companyBrand });
      return queryClient.invalidateQueries({ queryKey: companyKeys.detail(id) });
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useCompanyIpFilter(id: number) {
  return useQuery({
    queryKey: companyKeys.ipFilter(id),
    queryFn: () => apiRequest(`/api/companies/${id}/ip-filter`, { schema: ZIpFilterOutput }),
  });
}

/** The allow-list of a company opened in company edit (the own company's list also feeds the security page). */
export function useSaveCompanyIpFilter(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TIpFilter) =>
      apiRequest(`/api/companies/${id ?? 0}/ip-filter`, { method: 'PUT', body, schema: ZMessageOutput }),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: queryKeys.companySecurity });
      return queryClient.invalidateQueries({ queryKey: companyKeys.ipFilter(id ?? 0) });
    },
    onError: (error) => toast.apiError(error),
  });
}
