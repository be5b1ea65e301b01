import { DASHBOARD_MSG, type TTeamGoalInput } from '@prosa/shared/reports';
import type { AppDeps, Caller } from '../../platform/deps';
import { storeTeamGoal } from './repository';

/** The team dashboard's goal (closed attendances in the period), kept for the company (dashboard.team_goal). */
export async function saveTeamGoal(deps: Pick<AppDeps, 'db'>, caller: Caller, input: TTeamGoalInput) {
  await storeTeamGoal(deps.db, caller.companyId, input.goal);
  return { message: DASHBOARD_MSG.goalSaved, goal: input.goal };
}
