import {
  ORGANIZATION_MSG,
  type TOrganizationInput,
  ZOrganization,
  ZOrganizationCompany,
  ZOrganizationMessage,
  ZOrganizationPage,
  ZOrganizationSaved,
} from '@prosa/shared/organizations';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

// The organizations screens' calls (spec 3 §7 Organizations).
const ROOT = ['organizations'] as const;
const keys = {
  list: (page: number, perPage: number, term: string) => [...ROOT, 'list', page, perPage, term] as const,
  one: (id: number) => [...ROOT, 'one', id] as const,
  companies: (term: string) => [...ROOT, 'companies', term] as const,
};

export function useOrganizationsPage(page: number, perPage: number, term: string) {
  return useQuery({
    queryKey: keys.list(page, perPage, term),
    queryFn: () => {
      const q = new URLSearchParams({ page: String(page), per_page: String(perPage) });
      if (term.trim()) q.set('searchTerm', term.trim());
      return apiRequest(`/api/organizations?${q}`, { schema: ZOrganizationPage });
    },
    placeholderData: keepPreviousData,
  });
}

export function useOrganization(id: number | null) {
  return useQuery({
    queryKey: keys.one(id ?? 0),
    enabled: id !== null,
    queryFn: () => apiRequest(`/api/organizations/${id}`, { schema: ZOrganization }),
  });
}

/** Companies the admin reaches, found by name (the form's multi-select). */
export function useOrganizationCompanies(term: string) {
  return useQuery({
    queryKey: keys.companies(term),
    queryFn: () => {
      const q = new URLSearchParams();
      if (term.trim()) q.set('term', term.trim());
      return apiRequest(`/api/organizations/companies?${q}`, { schema: z.array(ZOrganizationCompany) });
    },
    placeholderData: keepPreviousData,
  });
}

export function useSaveOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TOrganizationInput) =>
      apiRequest('/api/organizations/save', { method: 'POST', body, schema: ZOrganizationSaved }),
    onSuccess: (r) => {
      toast.success(r.message);
      return qc.invalidateQueries({ queryKey: ROOT });
    },
    onError: (e) => toast.error(errorMessage(e, ORGANIZATION_MSG.saveError)),
  });
}

export function useDeleteOrganization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/organizations/${id}`, { method: 'DELETE', schema: ZOrganizationMessage }),
    onSuccess: (r) => {
      toast.success(r.message);
      return qc.invalidateQueries({ queryKey: ROOT });
    },
    onError: (e) => toast.error(errorMessage(e, ORGANIZATION_MSG.deleteError)),
  });
}
