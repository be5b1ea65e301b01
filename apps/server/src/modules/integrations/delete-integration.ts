import { INTEGRATION_MSG } from '@prosa/shared/integrations';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { deleteIntegrationRows } from './repository';

/** Removes an integration and its deliveries (spec 2 §7 "delete"); a queued delivery then finds nothing to send. */
export async function deleteIntegration(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  const gone = await deps.db.transaction((tx) => deleteIntegrationRows(tx, caller.companyId, id));
  if (!gone) throw notFound(INTEGRATION_MSG.notFound);
  return { message: INTEGRATION_MSG.deleted };
}
