import { ORGANIZATION_MSG } from '@prosa/shared/organizations';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { toOrganization, viewerOf } from './organization-view';
import { companiesOf, findVisibleOrganization } from './repository';

/** GET /organizations/:id: one the caller sees, else 404. */
export async function getOrganization(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  const row = await findVisibleOrganization(deps.db, viewerOf(caller), id);
  if (!row) throw notFound(ORGANIZATION_MSG.notFound);
  const byOrg = await companiesOf(deps.db, [row.id]);
  return toOrganization(row, byOrg.get(row.id) ?? []);
}
