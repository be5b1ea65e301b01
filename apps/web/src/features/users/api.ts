import { ZUserListItem } from '@prosa/shared/company';
import {
  type TUserInput,
  ZUserDetail,
  ZUserFormOptions,
  ZUserPage,
  ZUserSaved,
} from '@prosa/shared/users-admin';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';

export type TUserListItem = z.infer<typeof ZUserListItem>;

/** Users of the caller's company (filters of other screens, e.g. history "Finalizado por"). */
export function useUsers() {
  return useQuery({
    queryKey: queryKeys.users,
    queryFn: () => apiRequest('/api/users', { schema: z.array(ZUserListItem) }),
  });
}

// Keys of the administration screens, per company (the company edit page shows another company's users).
export const adminKeys = {
  users: (companyId: number) => ['admin-users', companyId] as const,
  userPage: (companyId: number, search: string, page: number, perPage: number) =>
    ['admin-users', companyId, 'page', search, page, perPage] as const,
  user: (companyId: number, id: number) => ['admin-users', companyId, 'detail', id] as const,
  options: (companyId: number) => ['admin-users', companyId, 'options'] as const,
  signatures: (companyId: number) => ['admin-users', companyId, 'signatures'] as const,
  profiles: (companyId: number) => ['admin-profiles', companyId] as const,
  importProgress: (companyId: number, importId: number) =>
    ['admin-users', companyId, 'import', importId] as const,
};

export const usersBase = (companyId: number) => `/api/companies/${companyId}/users`;

export const USERS_PER_PAGE = 25;

export function useCompanyUsers(companyId: number, search: string, page: number, perPage = USERS_PER_PAGE) {
  const params = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (search.trim()) params.set('search', search.trim());
  return useQuery({
    queryKey: adminKeys.userPage(companyId, search.trim(), page, perPage),
    queryFn: () => apiRequest(`${usersBase(companyId)}?${params}`, { schema: ZUserPage }),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(companyId: number, id: number | null) {
  return useQuery({
    queryKey: adminKeys.user(companyId, id ?? 0),
    queryFn: () => apiRequest(`${usersBase(companyId)}/${id}`, { schema: ZUserDetail }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useUserFormOptions(companyId: number) {
  return useQuery({
    queryKey: adminKeys.options(companyId),
    queryFn: () => apiRequest(`${usersBase(companyId)}/form-options`, { schema: ZUserFormOptions }),
  });
}

export function fetchUserByEmail(companyId: number, email: string) {
  return apiRequest(`${usersBase(companyId)}/by-email?${new URLSearchParams({ email: email.trim() })}`, {
    schema: ZUserDetail,
  });
}

/** Everything that shows users again after a change: the admin lists and the other screens' user list. */
function useRefreshUsers(companyId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.users(companyId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.users }),
    ]);
}

/** Creates (no id) or updates a user. */
export function useSaveUser(companyId: number) {
  const refresh = useRefreshUsers(companyId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TUserInput }) =>
      apiRequest(id === null ? usersBase(companyId) : `${usersBase(companyId)}/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body,
        schema: ZUserSaved,
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return refresh();
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useInactivateUser(companyId: number) {
  const refresh = useRefreshUsers(companyId);
  return useMutation({
    mutationFn: ({ id, date }: { id: number; date: string }) =>
      apiRequest(`${usersBase(companyId)}/${id}/inactivate`, {
        method: 'POST',
        body: { inactive_since: date },
        schema: ZUserSaved,
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return refresh();
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useActivateUser(companyId: number) {
  const refresh = useRefreshUsers(companyId);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`${usersBase(companyId)}/${id}/activate`, { method: 'POST', schema: ZUserSaved }),
    onSuccess: (result) => {
      toast.success(result.message);
      return refresh();
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useSetUserStatus(companyId: number) {
  const refresh = useRefreshUsers(companyId);
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'online' | 'offline' }) =>
      apiRequest(`${usersBase(companyId)}/${id}/status`, {
        method: 'POST',
        body: { status },
        schema: z.object({ message: z.string(), status: z.enum(['online', 'offline']) }),
      }),
    onSuccess: () => refresh(),
    onError: (error) => toast.apiError(error),
  });
}
