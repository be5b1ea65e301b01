import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The logged-in company's white-label title and logo (header, browser tab, favicon). */
export function useCompanyBrand() {
  return useQuery({
    queryKey: queryKeys.companyBrand,
    queryFn: () => apiRequest('/api/company/brand', { schema: (s) => s.ZBrand }),
    staleTime: 5 * 60_000,
  });
}

/** The address of the login page's look: ?empresa= (id or domain) when given, and the page's host name. */
export function publicBrandPath(search: string, hostname: string): string {
  const params = new URLSearchParams();
  const code = new URLSearchParams(search).get('empresa')?.trim();
  if (code) params.set('empresa', code.slice(0, 253));
  if (hostname) params.set('host', hostname.slice(0, 253));
  return `/api/brand?${params}`;
}

/** The look of the screens outside the logged-in area, for the company of this address (or the default). */
export function usePublicBrand() {
  const path = publicBrandPath(window.location.search, window.location.hostname);
  return useQuery({
    queryKey: ['brand', 'public', path],
    queryFn: () => apiRequest(path, { schema: (s) => s.ZBrand }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
