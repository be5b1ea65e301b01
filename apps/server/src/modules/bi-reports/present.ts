import { BI_PROVIDERS, type TBiProvider, type TBiReport } from '@prosa/shared/bi-reports';
import type { AppDeps } from '../../platform/deps';
import { type BiReportRow, type BiScope, companyNames } from './repository';
import { reaches } from './scope';

export const providerOf = (v: string): TBiProvider =>
  (BI_PROVIDERS as readonly string[]).includes(v) ? (v as TBiProvider) : 'metabase';

/** Definitions as the admin screens show them: only the companies the caller reaches (another's stay unseen). */
export async function presentBiReports(
  deps: Pick<AppDeps, 'db'>,
  scope: BiScope,
  rows: BiReportRow[],
): Promise<TBiReport[]> {
  const visible = (r: BiReportRow) => r.companyIds.filter((id) => reaches(scope, id));
  const names = await companyNames(deps.db, [...new Set(rows.flatMap(visible))]);
  return rows.map((r) => {
    const ids = visible(r);
    return {
      id: r.id,
      name: r.name,
      provider: providerOf(r.provider),
      report_id: r.reportId,
      company_ids: ids,
      companies: ids.map((id) => ({ id, name: names.get(id) ?? `Empresa ${id}` })),
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    };
  });
}
