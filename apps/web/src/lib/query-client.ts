import {
  type InvalidateOptions,
  type InvalidateQueryFilters,
  QueryClient,
  type QueryClientConfig,
  type QueryKey,
} from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * A QueryClient whose invalidation always reads after the change that caused it. React Query joins a refetch to a
 * fetch already under way, and cancels that fetch only when the query already has data: the first fetch of a
 * new key (a search typed a moment before a delete) would otherwise be joined, and its answer, read before the
 * change, would stay on screen as fresh. Such fetches are cancelled first, so the refetch starts anew.
 */
export class FreshQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const firstFetches = this.getQueryCache()
      .findAll({ ...filters, fetchStatus: 'fetching' } as InvalidateQueryFilters)
      .filter((query) => query.state.data === undefined);
    await Promise.all(firstFetches.map((query) => query.cancel().catch(() => undefined)));
    return super.invalidateQueries(filters, options);
  }
}

export function createQueryClient(config: QueryClientConfig = {}) {
  return new FreshQueryClient({
    ...config,
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on retry; a network hiccup or a 5xx may.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        ...config.defaultOptions?.queries,
      },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}
