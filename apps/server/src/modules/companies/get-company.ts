import { ROLE } from '@prosa/shared/roles';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findCompany } from './repository';

/** A company is visible to its own users; only the platform owner (1000) reads any company. */
export async function getCompany(deps: Pick<AppDeps, 'db'>, caller: Caller, companyId: number) {
  if (caller.role < ROLE.lord && companyId !== caller.companyId) throw notFound();
  const company = await findCompany(deps.db, companyId);
  if (!company) throw notFound();
  return {
    id: company.id,
    name: company.name,
    domain: company.domain,
    organization: company.organization,
    timezone: company.timezone,
    status_id: company.statusId,
    created_at: company.createdAt.toISOString(),
  };
}
