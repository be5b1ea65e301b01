import { dashboardSettingsOf, goalMantineColor, type TTeamDashboard } from '@prosa/shared/reports';
import type { AppDeps, Caller } from '../../platform/deps';
import { loadStoredMetadata } from '../company-metadata/repository';
import { dashboardPeriod } from './period';
import { closingsByOperator, dashboardUsers } from './repository';

/**
 * Team management (spec 3 §2, §4): each active operator's closed attendances in the period against the
 * company's goal (dashboard.team_goal), the percent floored and its colour; ranked by closings, then name.
 */
export async function teamDashboard(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { fromDate?: string; toDate?: string; sector_id?: number | null; channel_id?: number | null },
): Promise<TTeamDashboard> {
  const { period, scope } = await dashboardPeriod(deps, caller, input);
  const [users, closings, meta] = await Promise.all([
    dashboardUsers(deps.db, caller.companyId, {
      sectorId: scope.sectorId,
      userId: null,
      operatorsOnly: true,
    }),
    closingsByOperator(deps.db, caller.companyId, period, scope),
    loadStoredMetadata(deps.db, caller.companyId),
  ]);
  const goal = dashboardSettingsOf(meta ?? {}).teamGoal;
  const list = users
    .filter((u) => !u.inactive_since)
    .map((u) => ({ user_id: u.id, name: u.name, closed: closings.get(u.id)?.closed ?? 0 }))
    .sort((a, b) => b.closed - a.closed || a.name.localeCompare(b.name, 'pt-BR'));
  return {
    period: { fromDate: period.fromDate, toDate: period.toDate },
    goal,
    rows: list.map((r, i) => {
      const percent = goal ? Math.floor((r.closed * 100) / goal) : null;
      return { rank: i + 1, ...r, percent, color: percent === null ? null : goalMantineColor(percent) };
    }),
  };
}
