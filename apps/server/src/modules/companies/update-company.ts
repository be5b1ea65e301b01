import { COMPANY_MSG, type ZUpdateCompanyInput } from '@prosa/shared/company-admin';
import type { z } from '@prosa/shared/zod';
import { noticeCompanyUpdated } from '../../facts/notices';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { toDetail } from './company-view';
import { type CompanyChanges, findCompany, updateCompany } from './repository';

/** PATCH /companies/{id}: only the fields sent change (data, addresses, responsibles, title, timezone, metadata). */
export async function patchCompany(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  companyId: number,
  input: z.output<typeof ZUpdateCompanyInput>,
) {
  const id = await companyScope(deps.db, caller, companyId);
  const current = await findCompany(deps.db, id);
  if (!current) throw notFound();
  const changes: CompanyChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.domain !== undefined) changes.domain = input.domain;
  if (input.organization !== undefined) changes.organization = input.organization;
  if (input.plan_id !== undefined) changes.planId = input.plan_id;
  if (input.addresses !== undefined) changes.addresses = input.addresses;
  if (input.responsibles !== undefined) changes.responsibles = input.responsibles;
  if (input.timezone !== undefined) changes.timezone = input.timezone;
  if (input.custom_metadata !== undefined)
    changes.customMetadata = input.custom_metadata.map((m) => ({ key: m.key, value: m.value }));
  if (input.view_data !== undefined) changes.viewData = { ...current.viewData, title: input.view_data.title };
  await updateCompany(deps.db, id, changes);
  await noticeCompanyUpdated(deps.db, id, Object.keys(input));
  const saved = await findCompany(deps.db, id);
  if (!saved) throw notFound();
  return { message: COMPANY_MSG.updated, company: toDetail(saved) };
}
