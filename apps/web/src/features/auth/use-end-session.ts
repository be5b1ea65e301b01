import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../lib/query-keys';

/** Forgets everything of the ended session (cached data, user) and shows the login screen. */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    queryClient.setQueryData(queryKeys.session, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
    navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
