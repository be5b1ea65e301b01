import { ROLE } from '@prosa/shared/roles';
import type { AppDeps, Caller } from '../../platform/deps';
import { toListItem } from './company-view';
import { findManagedCompanies } from './repository';

/** GET /companies (page, search): the companies the caller manages. */
export async function listCompanies(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  query: { page: number; per_page: number; search?: string },
) {
  const { rows, total } = await findManagedCompanies(deps.db, {
    userId: caller.userId,
    companyId: caller.companyId,
    all: caller.role >= ROLE.lord,
    search: query.search || undefined,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: rows.map(toListItem), total, page: query.page, per_page: query.per_page };
}
