import { BI_MSG, parseBiReportIds, type ZBiReportInput } from '@prosa/shared/bi-reports';
import type { z } from '@prosa/shared/zod';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { type BiReportValues, findBiReportInScope, insertBiReport, updateBiReport } from './repository';
import { type biScopeOf, savedCompanies } from './scope';

type Deps = Pick<AppDeps, 'db'>;
type Input = z.output<typeof ZBiReportInput>;
type Scope = Awaited<ReturnType<typeof biScopeOf>>;

// The report-id is kept normalized ("12,15", lower-case GUIDs), so the viewer reads it back as it was checked.
function valuesOf(input: Input, companyIds: number[]): BiReportValues {
  const parsed = parseBiReportIds(input.provider, input.report_id);
  if (!parsed.ok) throw badRequest(parsed.message);
  return { name: input.name, provider: input.provider, reportId: parsed.ids.join(','), companyIds };
}

/** Creates a definition (spec 3 §2 main.report-bi-create). */
export async function createBiReport(deps: Deps, caller: Caller, scope: Scope, input: Input) {
  const values = valuesOf(input, await savedCompanies(deps, scope, input.company_ids));
  const row = await insertBiReport(deps.db, { ...values, createdBy: caller.userId });
  return { id: row.id, message: BI_MSG.created };
}

/** Changes a definition the caller reaches. */
export async function editBiReport(deps: Deps, scope: Scope, id: number, input: Input) {
  const before = await findBiReportInScope(deps.db, scope, id);
  if (!before) throw notFound(BI_MSG.notFound);
  const values = valuesOf(input, await savedCompanies(deps, scope, input.company_ids, before.companyIds));
  await updateBiReport(deps.db, id, values);
  return { id, message: BI_MSG.updated };
}
