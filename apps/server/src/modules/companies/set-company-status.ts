import { COMPANY_MSG, type ZCompanyStatusInput } from '@prosa/shared/company-admin';
import { brDateToIso, startOfDayIn } from '@prosa/shared/dates';
import type { z } from '@prosa/shared/zod';
import { noticeCompanyUpdated } from '../../facts/notices';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { toListItem } from './company-view';
import { findCompany, updateCompany } from './repository';

/**
 * Activates or inactivates a company (spec 2 §4 Company status). Inactivation keeps the date (start of that
 * day in the company's timezone); logins and open sessions of an inactive company are refused by checkAccess.
 */
export async function setCompanyStatus(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  companyId: number,
  input: z.output<typeof ZCompanyStatusInput>,
) {
  const id = await companyScope(deps.db, caller, companyId);
  const company = await findCompany(deps.db, id);
  if (!company) throw notFound();
  if (input.status_id === 2) {
    // Inactivating one's own company would end the caller's session and everyone else's.
    if (id === caller.companyId) throw badRequest(COMPANY_MSG.cannotInactivateOwn);
    const iso = brDateToIso(input.inactive_since_change ?? '');
    if (!iso) throw badRequest(COMPANY_MSG.inactivationDateRequired);
    await updateCompany(deps.db, id, { statusId: 2, inactiveSince: startOfDayIn(iso, company.timezone) });
  } else {
    await updateCompany(deps.db, id, { statusId: 1, inactiveSince: null });
  }
  await noticeCompanyUpdated(deps.db, id, ['status']);
  const saved = await findCompany(deps.db, id);
  if (!saved) throw notFound();
  return { message: COMPANY_MSG.statusUpdated, company: toListItem(saved) };
}
