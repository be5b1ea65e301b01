import { NOTIFICATION_MSG } from '@prosa/shared/notifications';
import { ROLE } from '@prosa/shared/roles';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { type AdminScope, existingCompanyIds, managedCompanyIds } from './repository';

type Deps = Pick<AppDeps, 'db'>;

/** The platform owner reaches every company; an admin their own and those of their list. */
export async function adminScopeOf(deps: Deps, caller: Caller): Promise<AdminScope> {
  if (caller.role >= ROLE.lord) return { all: true };
  return {
    all: false,
    userId: caller.userId,
    companyIds: await managedCompanyIds(deps.db, caller.userId, caller.companyId),
  };
}

/**
 * The companies a notification will be saved with. An id the caller does not manage (or that does not exist) is
 * not found. None chosen means every company: kept empty for the owner, spelled out as the admin's own companies.
 */
export async function targetCompanies(deps: Deps, scope: AdminScope, chosen: number[]): Promise<number[]> {
  const ids = [...new Set(chosen)].sort((a, b) => a - b);
  if (scope.all) {
    const found = await existingCompanyIds(deps.db, ids);
    if (found.length !== ids.length) throw notFound(NOTIFICATION_MSG.companyNotFound);
    return ids;
  }
  if (ids.length === 0) return scope.companyIds;
  if (ids.some((id) => !scope.companyIds.includes(id))) throw notFound(NOTIFICATION_MSG.companyNotFound);
  return ids;
}
