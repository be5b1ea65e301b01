import { ROLE } from '@prosa/shared/roles';
import type { AppDeps, Caller } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { listDefinitions, toContactField } from './repository';

/**
 * The company's contact fields: the active ones for everyone (of one sector with ?sector_id=); the inactive
 * ones too for the settings tab (managers and up).
 */
export async function listContactFields(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  query: { sector_id?: number; include_inactive?: boolean },
) {
  if (query.include_inactive && caller.role < ROLE.manager) throw forbidden();
  const rows = await listDefinitions(deps.db, caller.companyId, {
    activeOnly: !query.include_inactive,
    sectorId: query.sector_id,
  });
  return rows.map(toContactField);
}
