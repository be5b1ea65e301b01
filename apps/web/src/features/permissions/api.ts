import { ZMessageOutput } from '@prosa/shared/auth';
import { ADMIN_MSG } from '@prosa/shared/messages';
import {
  type TPermissionMap,
  type TSetPermissions,
  ZPermissionModules,
  ZTargetPermissions,
} from '@prosa/shared/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import type { TPermissionTarget } from './paths';

const keys = {
  modules: ['permissions', 'modules'] as const,
  target: (companyId: number, type: TPermissionTarget, id: number) =>
    ['permissions', companyId, type, id] as const,
};

export function useModules() {
  return useQuery({
    queryKey: keys.modules,
    queryFn: () => apiRequest('/api/permissions/modules', { schema: ZPermissionModules }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTargetPermissions(companyId: number, type: TPermissionTarget, id: number) {
  return useQuery({
    queryKey: keys.target(companyId, type, id),
    queryFn: () =>
      apiRequest(`/api/companies/${companyId}/permissions/${type}/${id}`, { schema: ZTargetPermissions }),
    staleTime: 0,
  });
}

export type TTargetPermissions = { restricted: boolean; permissions: TPermissionMap };

function useAfterChange(companyId: number, type: TPermissionTarget, id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.target(companyId, type, id) }),
      // The session carries the user's own permissions (menu): an edit of oneself shows at once.
      queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    ]);
}

export function useSavePermissions(companyId: number, type: TPermissionTarget, id: number) {
  const after = useAfterChange(companyId, type, id);
  return useMutation({
    mutationFn: (permissions: TSetPermissions['permissions']) =>
      apiRequest(`/api/companies/${companyId}/permissions`, {
        method: 'POST',
        body: { type, id, permissions },
        schema: ZMessageOutput,
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return after();
    },
    onError: (error) => toast.apiError(error, ADMIN_MSG.permissionsSaveError),
  });
}

export function useClearPermissions(companyId: number, type: TPermissionTarget, id: number) {
  const after = useAfterChange(companyId, type, id);
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/companies/${companyId}/permissions/${type}/${id}`, {
        method: 'DELETE',
        schema: ZMessageOutput,
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return after();
    },
    onError: (error) => toast.apiError(error, ADMIN_MSG.permissionsSaveError),
  });
}
