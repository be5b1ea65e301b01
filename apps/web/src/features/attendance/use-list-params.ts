import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListParams, type TListParams, writeListParams } from './list-params';

/** The list filters live in the URL, so a link (or a reload) opens the same view. */
export function useListParams(): [TListParams, (patch: Partial<TListParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readListParams(search), [search]);
  const update = useCallback(
    (patch: Partial<TListParams>) => {
      setSearch(
        (current) => {
          const now = readListParams(current);
          // Any change of filter goes back to the first page.
          const page = 'page' in patch ? (patch.page ?? 1) : 1;
          return writeListParams({ ...now, ...patch, page });
        },
        { replace: true },
      );
    },
    [setSearch],
  );
  return [params, update];
}
