import type { TBiCompanyRef } from '@prosa/shared/bi-reports';
import { ROLE } from '@prosa/shared/roles';
import type { AppDeps, Caller } from '../../platform/deps';
import { findManagedCompanies } from '../companies/repository';

/** Spec 3 §7 "company search {term}": the companies the caller may show a report to, by name or domain. */
export async function searchBiCompanies(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  term: string | undefined,
): Promise<TBiCompanyRef[]> {
  const { rows } = await findManagedCompanies(deps.db, {
    userId: caller.userId,
    companyId: caller.companyId,
    all: caller.role >= ROLE.lord,
    search: term || undefined,
    limit: 50,
    offset: 0,
  });
  return rows.map((r) => ({ id: r.id, name: r.name }));
}
