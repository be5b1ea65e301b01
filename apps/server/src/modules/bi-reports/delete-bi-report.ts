import { BI_MSG } from '@prosa/shared/bi-reports';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findBiReportInScope, softDeleteBiReport } from './repository';
import { biScopeOf } from './scope';

/** Removes a definition (kept with deleted_at: a company's "complete report" setting may still name it). */
export async function deleteBiReport(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  const row = await findBiReportInScope(deps.db, await biScopeOf(deps, caller), id);
  if (!row) throw notFound(BI_MSG.notFound);
  await softDeleteBiReport(deps.db, id);
  return { message: BI_MSG.deleted };
}
