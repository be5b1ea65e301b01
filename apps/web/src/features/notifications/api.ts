import { ZCompanyList } from '@prosa/shared/company-admin';
import {
  NOTIFICATION_MSG,
  NOTIFICATIONS_PER_PAGE,
  type TNotificationInput,
  ZNotificationLead,
  ZNotificationMessage,
  ZNotificationPage,
  ZNotificationSaved,
  ZNotificationUpload,
} from '@prosa/shared/notifications';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

// The admin screen's calls (spec 2 §2, §7), under queryKeys.notificationsAdmin.
const keys = {
  list: (page: number, title: string) => [...queryKeys.notificationsAdmin, 'list', page, title] as const,
  leads: (id: number) => [...queryKeys.notificationsAdmin, 'leads', id] as const,
  companies: (search: string) => [...queryKeys.notificationsAdmin, 'companies', search] as const,
};

export function useNotificationsPage(page: number, title: string) {
  return useQuery({
    queryKey: keys.list(page, title),
    queryFn: () => {
      const q = new URLSearchParams({ page: String(page), per_page: String(NOTIFICATIONS_PER_PAGE) });
      if (title.trim()) q.set('title', title.trim());
      return apiRequest(`/api/notifications?${q}`, { schema: ZNotificationPage });
    },
    placeholderData: keepPreviousData,
  });
}

export function useNotificationLeads(id: number | null) {
  return useQuery({
    queryKey: keys.leads(id ?? 0),
    enabled: id !== null,
    queryFn: () => apiRequest(`/api/notifications/${id}/leads`, { schema: z.array(ZNotificationLead) }),
  });
}

/** The companies the admin may aim at, found by name (the companies' own list: those the caller manages). */
export function useTargetCompanies(search: string) {
  return useQuery({
    queryKey: keys.companies(search),
    queryFn: () => {
      const q = new URLSearchParams({ page: '1', per_page: '50' });
      if (search.trim()) q.set('search', search.trim());
      return apiRequest(`/api/companies?${q}`, { schema: ZCompanyList });
    },
    placeholderData: keepPreviousData,
  });
}

export function useSaveNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TNotificationInput }) =>
      id === null
        ? apiRequest('/api/notifications', { method: 'POST', body, schema: ZNotificationSaved })
        : apiRequest(`/api/notifications/${id}`, { method: 'PUT', body, schema: ZNotificationMessage }),
    onSuccess: (r) => {
      toast.success(r.message);
      return qc.invalidateQueries({ queryKey: queryKeys.notificationsAdmin });
    },
    onError: (e) => toast.error(errorMessage(e, NOTIFICATION_MSG.saveError)),
  });
}

export function useDeleteNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/notifications/${id}`, { method: 'DELETE', schema: ZNotificationMessage }),
    onSuccess: (r) => {
      toast.success(r.message);
      return qc.invalidateQueries({ queryKey: queryKeys.notificationsAdmin });
    },
    onError: (e) => toast.error(errorMessage(e, NOTIFICATION_MSG.deleteError)),
  });
}

export function useUploadNotificationImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('fileName', file.name);
      form.append('file', file);
      return apiRequest('/api/notification-upload', {
        method: 'POST',
        body: form,
        schema: ZNotificationUpload,
      });
    },
    onError: (e) => toast.error(errorMessage(e, NOTIFICATION_MSG.uploadError)),
  });
}
