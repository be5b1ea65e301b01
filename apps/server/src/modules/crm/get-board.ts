import type { TCrmBoard } from '@prosa/shared/crm';
import type { AppDeps, Caller } from '../../platform/deps';
import { requireCrm } from './crm-access';
import { boardColumns, companyOwners, ensureBoard } from './repository';

/** The company's pipeline (spec 2 §7 loadStatuses: board, columns as statuses), its possible owners and the caller's rights. */
export async function getBoard(deps: Pick<AppDeps, 'db'>, caller: Caller): Promise<TCrmBoard> {
  const { access } = await requireCrm(deps.db, caller, 'view');
  const board = await ensureBoard(deps.db, caller.companyId);
  return {
    board,
    columns: await boardColumns(deps.db, caller.companyId, board.id),
    owners: await companyOwners(deps.db, caller.companyId),
    access,
  };
}
