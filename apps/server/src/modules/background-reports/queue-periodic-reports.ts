import { readCompanyMetadata } from '@prosa/shared/company-metadata';
import { PERIODIC_REPORTS, REPORTS } from '@prosa/shared/reports';
import dayjs from 'dayjs';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import type { AppDeps } from '../../platform/deps';
import { todayIn } from '../reports/run-report';
import { insertBackgroundReport, periodicExists } from './repository';
import { queueBackgroundReport, recipientsOf } from './request-background-report';

/** The channels the periodic trigger report covers (it needs one channel per report). */
const TRIGGER_KINDS = ['waweb', 'waent'];

/**
 * The periodic reports of the reports settings (spec 3 §3 reports): once a day, for each active company that
 * allows background reports and has e-mails set, one background report per filled period, covering the last
 * `period` whole days (up to yesterday, capped at the report's maximum), e-mailed to reports.emails. The
 * trigger report is queued once per WhatsApp channel. A report already queued for the same period is not
 * queued again. Answers how many were queued.
 */
export async function queuePeriodicReports(deps: Pick<AppDeps, 'db' | 'queue'>, now = new Date()) {
  const list = await deps.db
    .select({ id: companies.id, timezone: companies.timezone, metadata: companies.metadata })
    .from(companies)
    .where(eq(companies.statusId, 1));
  let queued = 0;
  for (const company of list) {
    const meta = readCompanyMetadata(company.metadata);
    const emails = recipientsOf(meta.reports.emails);
    if (!meta.allow.background_reports || emails.length === 0) continue;
    const yesterday = dayjs(todayIn(company.timezone, now)).subtract(1, 'day');
    for (const [setting, type] of Object.entries(PERIODIC_REPORTS) as [
      keyof typeof PERIODIC_REPORTS,
      (typeof PERIODIC_REPORTS)[keyof typeof PERIODIC_REPORTS],
    ][]) {
      const period = meta.reports[setting].period;
      if (!period) continue;
      const days = Math.min(period, REPORTS[type].maxDays ?? period);
      const base = {
        fromDate: yesterday.subtract(days - 1, 'day').format('YYYY-MM-DD'),
        toDate: yesterday.format('YYYY-MM-DD'),
      };
      let each: Record<string, unknown>[] = [base];
      if (REPORTS[type].channelRequired) {
        const rows = await deps.db
          .select({ id: channels.id })
          .from(channels)
          .where(
            and(
              eq(channels.companyId, company.id),
              inArray(channels.kind, TRIGGER_KINDS),
              isNull(channels.deletedAt),
            ),
          );
        each = rows.map((c) => ({ ...base, channel_id: c.id }));
      }
      for (const filters of each) {
        if (await periodicExists(deps.db, company.id, type, filters)) continue;
        const id = await insertBackgroundReport(deps.db, {
          companyId: company.id,
          userId: null,
          type,
          filters,
          emailTo: emails,
        });
        await queueBackgroundReport(deps, company.id, id);
        queued++;
      }
    }
  }
  return queued;
}
