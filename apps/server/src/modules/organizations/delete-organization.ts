import { ORGANIZATION_MSG } from '@prosa/shared/organizations';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { viewerOf } from './organization-view';
import { deleteOrganization, findVisibleOrganization } from './repository';

/** DELETE /organizations/:id: one the caller sees (its company links go with it); else the spec's error text. */
export async function removeOrganization(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  const found = await findVisibleOrganization(deps.db, viewerOf(caller), id);
  if (!found || !(await deleteOrganization(deps.db, found.id))) throw notFound(ORGANIZATION_MSG.deleteError);
  return { message: ORGANIZATION_MSG.deleted };
}
