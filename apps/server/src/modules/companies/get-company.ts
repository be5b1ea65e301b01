import { companyScope } from '../../platform/company-scope';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { toDetail } from './company-view';
import { findCompany } from './repository';

/** One company of the caller's list (own company, companies of their list; every company for 1000). */
export async function getCompany(deps: Pick<AppDeps, 'db'>, caller: Caller, companyId: number) {
  const id = await companyScope(deps.db, caller, companyId);
  const company = await findCompany(deps.db, id);
  if (!company) throw notFound();
  return toDetail(company);
}
