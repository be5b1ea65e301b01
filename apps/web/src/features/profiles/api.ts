import { ZMessageOutput } from '@prosa/shared/auth';
import { ZProfile } from '@prosa/shared/users-admin';
import { z } from '@prosa/shared/zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { toast } from '../../lib/toast';
import { adminKeys } from '../users/api';

const profilesUrl = (companyId: number) => `/api/companies/${companyId}/profiles`;

export function useProfiles(companyId: number, search = '', enabled = true) {
  const term = search.trim();
  return useQuery({
    queryKey: [...adminKeys.profiles(companyId), term],
    queryFn: () =>
      apiRequest(`${profilesUrl(companyId)}${term ? `?${new URLSearchParams({ search: term })}` : ''}`, {
        schema: z.array(ZProfile),
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useRefresh(companyId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.profiles(companyId) }),
      // The user modal offers the profiles and the list shows each user's.
      queryClient.invalidateQueries({ queryKey: adminKeys.users(companyId) }),
    ]);
}

export function useSaveProfile(companyId: number) {
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: ({ id, name }: { id: number | null; name: string }) =>
      apiRequest(id === null ? profilesUrl(companyId) : `${profilesUrl(companyId)}/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        body: { name },
        schema: z.object({ message: z.string(), profile: ZProfile }),
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return refresh();
    },
    onError: (error) => toast.apiError(error),
  });
}

export function useDeleteProfile(companyId: number) {
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`${profilesUrl(companyId)}/${id}`, { method: 'DELETE', schema: ZMessageOutput }),
    onSuccess: (result) => {
      toast.success(result.message);
      return refresh();
    },
    onError: (error) => toast.apiError(error),
  });
}
