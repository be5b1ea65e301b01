import {
  BI_MSG,
  type TBiReport,
  type TBiReportPage,
  type ZBiReportListQuery,
} from '@prosa/shared/bi-reports';
import type { z } from '@prosa/shared/zod';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { presentBiReports } from './present';
import { findBiReportInScope, findBiReportPage } from './repository';
import { biScopeOf } from './scope';

type Deps = Pick<AppDeps, 'db'>;

/** The admin list (spec 3 §2 main.report-bi-list): newest first, found by name, only what the caller reaches. */
export async function listBiReports(
  deps: Deps,
  caller: Caller,
  query: z.output<typeof ZBiReportListQuery>,
): Promise<TBiReportPage> {
  const scope = await biScopeOf(deps, caller);
  const { rows, total } = await findBiReportPage(deps.db, scope, {
    search: query.search || undefined,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    items: await presentBiReports(deps, scope, rows),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

export async function getBiReport(deps: Deps, caller: Caller, id: number): Promise<TBiReport> {
  const scope = await biScopeOf(deps, caller);
  const row = await findBiReportInScope(deps.db, scope, id);
  const [item] = row ? await presentBiReports(deps, scope, [row]) : [];
  if (!item) throw notFound(BI_MSG.notFound);
  return item;
}
