import { startOfDayIn } from '@prosa/shared/dates';
import { checkDashboardPeriod } from '@prosa/shared/reports';
import dayjs from 'dayjs';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { companyTimezone, todayIn } from '../reports/run-report';
import { ownsFilterIds, type Period, type Scope } from './repository';

export type DashboardPeriod = Period & { fromDate: string; toDate: string };

/**
 * A dashboard's period in the company's calendar (default today) as instants [from, to), and its sector /
 * channel filter, checked against the caller's company (another company's id: 404).
 */
export async function dashboardPeriod(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { fromDate?: string; toDate?: string; sector_id?: number | null; channel_id?: number | null },
): Promise<{ period: DashboardPeriod; scope: Scope }> {
  const tz = await companyTimezone(deps.db, caller.companyId);
  const checked = checkDashboardPeriod(input, todayIn(tz));
  if (!checked.ok) throw badRequest(checked.message);
  const scope = { sectorId: input.sector_id ?? null, channelId: input.channel_id ?? null };
  if (!(await ownsFilterIds(deps.db, caller.companyId, scope))) throw notFound();
  return {
    period: {
      tz,
      fromDate: checked.fromDate,
      toDate: checked.toDate,
      from: startOfDayIn(checked.fromDate, tz),
      to: startOfDayIn(dayjs(checked.toDate).add(1, 'day').format('YYYY-MM-DD'), tz),
    },
    scope,
  };
}
