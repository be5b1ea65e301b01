import type { AppDeps, Caller } from '../../platform/deps';
import { findManagedCompanies } from '../companies/repository';
import { viewerOf } from './organization-view';

/** The company search of the form (spec 3 §7 company search {term}): companies the caller reaches, by name. */
export async function searchOrganizationCompanies(deps: Pick<AppDeps, 'db'>, caller: Caller, term?: string) {
  const viewer = viewerOf(caller);
  const { rows } = await findManagedCompanies(deps.db, {
    userId: viewer.userId,
    companyId: viewer.companyId,
    all: viewer.all,
    search: term || undefined,
    limit: 30,
    offset: 0,
  });
  return rows.map((r) => ({ id: r.id, name: r.name }));
}
