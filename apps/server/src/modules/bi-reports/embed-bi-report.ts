import {
  BI_FORBIDDEN_CODE,
  BI_MSG,
  parseBiReportIds,
  type TBiEmbed,
  type TBiReportView,
} from '@prosa/shared/bi-reports';
import { ROLE } from '@prosa/shared/roles';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { OutboundError } from '../../platform/outbound-url';
import { providerOf } from './present';
import { BiProviderError, notConfigured } from './providers/provider';
import { biProviderFor } from './providers/registry';
import { findLiveBiReport, reachedCompanyIds } from './repository';

type Deps = Pick<AppDeps, 'db' | 'config' | 'outbound'>;

/** Spec 3 §7: a report of another company answers 401 with its text; the web goes back to the chat. */
const noPermission = () => new AppError(BI_FORBIDDEN_CODE, BI_MSG.noPermission, 401);

// A manager sees the reports of their company; an admin those of a company they manage; the owner every one.
async function mayView(deps: Deps, caller: Caller, companyIds: number[]): Promise<boolean> {
  if (caller.role >= ROLE.lord) return true;
  if (companyIds.includes(caller.companyId)) return true;
  if (caller.role < ROLE.admin) return false;
  const reached = await reachedCompanyIds(deps.db, caller.userId, caller.companyId);
  return companyIds.some((id) => reached.includes(id));
}

/**
 * The embeds of a definition (spec 3 §2, §7): one per provider report it names (two when its report-id is
 * "a,b"), or only `part` when one panel refreshes; a fresh token each time.
 */
export async function embedBiReport(
  deps: Deps,
  caller: Caller,
  id: number,
  part?: number,
): Promise<TBiReportView> {
  const row = await findLiveBiReport(deps.db, id);
  if (!row) throw notFound(BI_MSG.notFound);
  if (!(await mayView(deps, caller, row.companyIds))) throw noPermission();
  const kind = providerOf(row.provider);
  const provider = biProviderFor(deps, kind);
  if (!provider) throw notConfigured(kind);
  const parsed = parseBiReportIds(kind, row.reportId);
  if (!parsed.ok) throw new BiProviderError(BI_MSG.fetchError, `report-id salvo inválido: ${row.reportId}`);
  const ids = part === undefined ? parsed.ids : parsed.ids.slice(part, part + 1);
  if (ids.length === 0) throw notFound(BI_MSG.notFound);
  const viewer = { userId: caller.userId, companyId: caller.companyId };
  try {
    const embeds = await Promise.all(ids.map((reportId) => provider.embed(reportId, viewer)));
    return {
      id: row.id,
      name: row.name,
      embeds: embeds.map(
        (e): TBiEmbed => ({
          kind: e.kind,
          report_id: e.reportId,
          embed_url: e.embedUrl,
          token: e.token,
          expires_at: e.expiresAt.toISOString(),
        }),
      ),
    };
  } catch (err) {
    // The service out of reach (refused address, time-out): the spec's text, the detail in the guard's log.
    if (err instanceof OutboundError) throw new BiProviderError(BI_MSG.loadError, err.detail);
    throw err;
  }
}
