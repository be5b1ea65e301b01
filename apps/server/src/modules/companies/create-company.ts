import type { ZCreateCompanyInput } from '@prosa/shared/company-admin';
import type { z } from '@prosa/shared/zod';
import type { AppDeps, Caller } from '../../platform/deps';
import { toDetail } from './company-view';
import { addToCompanyList, insertCompany } from './repository';

/** POST /companies: the new company goes into the creating admin's list in the same transaction. */
export async function createCompany(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: z.output<typeof ZCreateCompanyInput>,
) {
  const company = await deps.db.transaction(async (tx) => {
    const row = await insertCompany(tx, {
      name: input.name,
      domain: input.domain,
      organization: input.organization,
      planId: input.plan_id,
      viewData: input.view_data?.title ? { title: input.view_data.title } : {},
    });
    await addToCompanyList(tx, caller.userId, row.id);
    return row;
  });
  return toDetail(company);
}
