import { ERROR_CODE } from '@prosa/shared/messages';
import { ORGANIZATION_MSG, type ZOrganizationInput } from '@prosa/shared/organizations';
import type { z } from '@prosa/shared/zod';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { toOrganization, viewerOf } from './organization-view';
import {
  companiesOf,
  currentCompanyIds,
  findByCnpj,
  findVisibleOrganization,
  insertOrganization,
  reachedCompanyIds,
  setOrganizationCompanies,
  updateOrganization,
} from './repository';

const cnpjTaken = () => new AppError(ERROR_CODE.conflict, ORGANIZATION_MSG.cnpjTaken, 409);

/**
 * POST /organizations/save: creates (no id) or updates one the caller sees. Only companies the caller reaches may
 * be chosen; on an update, companies of others that the caller does not reach stay where they are.
 */
export async function saveOrganization(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: z.output<typeof ZOrganizationInput>,
) {
  const viewer = viewerOf(caller);
  const ids = [...new Set(input.company_ids)];
  const reached = await reachedCompanyIds(deps.db, viewer, ids);
  if (ids.some((id) => !reached.has(id))) throw badRequest(ORGANIZATION_MSG.companyNotFound);
  const row = await deps.db.transaction(async (tx) => {
    const sameCnpj = await findByCnpj(tx, input.cnpj);
    if (input.id === undefined) {
      if (sameCnpj) throw cnpjTaken();
      const created = await insertOrganization(tx, {
        name: input.name,
        cnpj: input.cnpj,
        createdBy: caller.userId,
      });
      await setOrganizationCompanies(tx, created.id, ids, { all: true });
      return created;
    }
    const found = await findVisibleOrganization(tx, viewer, input.id);
    if (!found) throw notFound(ORGANIZATION_MSG.notFound);
    if (sameCnpj && sameCnpj.id !== found.id) throw cnpjTaken();
    const updated = await updateOrganization(tx, found.id, { name: input.name, cnpj: input.cnpj });
    if (viewer.all) await setOrganizationCompanies(tx, found.id, ids, { all: true });
    else {
      const current = await currentCompanyIds(tx, found.id);
      const mine = await reachedCompanyIds(tx, viewer, current);
      await setOrganizationCompanies(tx, found.id, ids, { only: [...mine] });
    }
    return updated;
  });
  const byOrg = await companiesOf(deps.db, [row.id]);
  return { message: ORGANIZATION_MSG.saved, organization: toOrganization(row, byOrg.get(row.id) ?? []) };
}
