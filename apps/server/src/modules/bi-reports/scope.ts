import { BI_MSG } from '@prosa/shared/bi-reports';
import { ROLE } from '@prosa/shared/roles';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { type BiScope, existingCompanyIds, reachedCompanyIds } from './repository';

type Deps = Pick<AppDeps, 'db'>;

/** The platform owner reaches every company; an admin their own and those of their list. */
export async function biScopeOf(deps: Deps, caller: Caller): Promise<BiScope> {
  if (caller.role >= ROLE.lord) return { all: true };
  return {
    all: false,
    userId: caller.userId,
    companyIds: await reachedCompanyIds(deps.db, caller.userId, caller.companyId),
  };
}

/** Whether the caller reaches a company (the owner: any). */
export const reaches = (scope: BiScope, companyId: number) =>
  scope.all || scope.companyIds.includes(companyId);

/**
 * The companies a definition is saved with: those chosen (each one the caller reaches, else not found), plus the
 * ones it already had that the caller does not reach — an admin never removes another admin's companies unseen.
 */
export async function savedCompanies(
  deps: Deps,
  scope: BiScope,
  chosen: number[],
  before: number[] = [],
): Promise<number[]> {
  const ids = [...new Set(chosen)];
  if (scope.all) {
    const found = await existingCompanyIds(deps.db, ids);
    if (found.length !== ids.length) throw notFound(BI_MSG.companyNotFound);
    return ids.sort((a, b) => a - b);
  }
  if (ids.some((id) => !scope.companyIds.includes(id))) throw notFound(BI_MSG.companyNotFound);
  const kept = before.filter((id) => !scope.companyIds.includes(id));
  return [...new Set([...ids, ...kept])].sort((a, b) => a - b);
}
