import { REPORT_MSG, type TReportFiltersParsed, type TReportKey } from '@prosa/shared/reports';
import { sendJob } from '../../jobs/catalogue';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { companyMetadataOf } from '../company-metadata/get-metadata';
import { reportContext } from '../reports/run-report';
import { insertBackgroundReport } from './repository';

/** Starts the job of one background report (the same id twice is one job). */
export async function queueBackgroundReport(
  deps: Pick<AppDeps, 'queue'>,
  companyId: number,
  reportId: string,
) {
  if (!deps.queue) return;
  await sendJob(
    deps.queue,
    'reports.background',
    { companyId, reportId },
    { singletonKey: `reports-background:${reportId}` },
  );
}

/** The flows report's recipients (comma separated, already checked by checkReportFilters). */
export function recipientsOf(emails: string | undefined): string[] {
  return (emails ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
}

/**
 * Sends a report to the background (spec 3 §4, §7): refused when the company does not allow background reports,
 * except the flows report, which is always generated there and e-mailed to its recipients. The filters are
 * checked as on screen and stored with the period resolved, so the job covers the period asked.
 */
export async function requestBackgroundReport(
  deps: Pick<AppDeps, 'db' | 'queue'>,
  caller: Caller,
  input: { type: TReportKey; filters: TReportFiltersParsed },
) {
  const meta = await companyMetadataOf(deps.db, caller.companyId);
  if (input.type !== 'flows' && !meta.allow.background_reports) throw badRequest(REPORT_MSG.backgroundOff);
  const ctx = await reportContext(deps, caller, input.type, input.filters, 'csv');
  // Stored as the screen sends them (empty ones omitted), with the period resolved.
  const { page: _page, ...checked } = ctx.filters;
  const filters = Object.fromEntries(
    Object.entries(checked).filter(([, v]) => v !== null && v !== undefined),
  );
  const id = await insertBackgroundReport(deps.db, {
    companyId: caller.companyId,
    userId: caller.userId,
    type: input.type,
    filters,
    emailTo: input.type === 'flows' ? recipientsOf(checked.emails) : [],
  });
  await queueBackgroundReport(deps, caller.companyId, id);
  return { id, message: REPORT_MSG.sentToBackground, alert: true as const };
}
