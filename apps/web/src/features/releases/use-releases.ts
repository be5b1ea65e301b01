import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { releasesApi } from './api';

/** Asked once per session by the app shell; the header button and the panel read the same answer. */
export function useReleases() {
  return useQuery({
    queryKey: queryKeys.releases,
    queryFn: releasesApi.list,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
