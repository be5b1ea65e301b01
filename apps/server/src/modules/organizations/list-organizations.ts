import type { AppDeps, Caller } from '../../platform/deps';
import { toOrganization, viewerOf } from './organization-view';
import { companiesOf, listOrganizations } from './repository';

/** GET /organizations (searchTerm by name or CNPJ digits, page of 10 or 25, total). */
export async function listOrganizationsPage(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  query: { searchTerm?: string; page: number; per_page: number },
) {
  const { rows, total } = await listOrganizations(deps.db, viewerOf(caller), {
    search: query.searchTerm || undefined,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const byOrg = await companiesOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toOrganization(r, byOrg.get(r.id) ?? [])),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}
