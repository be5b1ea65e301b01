import type { THistoryQuery } from '@prosa/shared/history';
import type { AppDeps, Caller } from '../../platform/deps';
import { loadViewer } from '../attendance/viewer';
import { findCompany } from '../companies/repository';
import { countHistory, historyConditions, searchHistory as searchRows } from './repository';
import { toHistoryRow } from './to-row';

export async function searchHistory(deps: Pick<AppDeps, 'db'>, caller: Caller, q: THistoryQuery) {
  const viewer = await loadViewer(deps.db, caller);
  const company = await findCompany(deps.db, caller.companyId);
  const conds = historyConditions(viewer, q, company?.timezone ?? 'America/Sao_Paulo');
  const [rows, total] = await Promise.all([
    searchRows(deps.db, conds, { limit: q.count, offset: (q.page - 1) * q.count }),
    countHistory(deps.db, conds),
  ]);
  return { items: rows.map(toHistoryRow), total, page: q.page, count: q.count };
}
