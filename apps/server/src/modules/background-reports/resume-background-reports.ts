import type { AppDeps } from '../../platform/deps';
import { staleBackgroundReports } from './repository';
import { queueBackgroundReport } from './request-background-report';

/** A queued report older than this has lost its job. */
const QUEUED_STALE_MS = 60_000;
/** A report processing this long without an end lost its worker (reports run without a time limit). */
const PROCESSING_STALE_MS = 2 * 3_600_000;

/** The recurring sweep: background reports whose job was lost are queued again. */
export async function resumeBackgroundReports(deps: Pick<AppDeps, 'db' | 'queue'>, now = new Date()) {
  const stale = await staleBackgroundReports(deps.db, now, QUEUED_STALE_MS, PROCESSING_STALE_MS);
  for (const r of stale) if (r.id) await queueBackgroundReport(deps, r.companyId, r.id);
  return stale.length;
}
