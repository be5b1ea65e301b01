import { ACCOUNT_MSG, MANAGER_SURVEY } from '@prosa/shared/account';
import { ROLE } from '@prosa/shared/roles';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';

type SurveyAnswer = { id: string; choices: string[]; answered_at: string };

/** The manager survey (spec 3 §6): shown once to managers who have not answered it. */
export async function getManagerSurvey(deps: Pick<AppDeps, 'db'>, caller: Caller) {
  const [row] = await deps.db
    .select({ settings: users.settings })
    .from(users)
    .where(ofCompany(users, caller.companyId, eq(users.id, caller.userId)));
  const answer = row?.settings.manager_survey as SurveyAnswer | undefined;
  const show = caller.role === ROLE.manager && answer?.id !== MANAGER_SURVEY.id;
  return {
    show,
    id: MANAGER_SURVEY.id,
    question: MANAGER_SURVEY.question,
    options: MANAGER_SURVEY.options.map((o) => ({ ...o })),
  };
}

/**
 * Saves the answer once. A second send (a double click, two tabs) changes nothing and answers the same thanks,
 * so one answer per manager is kept however many requests arrive.
 */
export async function answerManagerSurvey(deps: Pick<AppDeps, 'db'>, caller: Caller, choices: string[]) {
  const valid = new Set<string>(MANAGER_SURVEY.options.map((o) => o.key));
  if (choices.some((c) => !valid.has(c))) throw badRequest(ACCOUNT_MSG.surveyMin);
  const answer: SurveyAnswer = { id: MANAGER_SURVEY.id, choices, answered_at: new Date().toISOString() };
  await deps.db
    .update(users)
    .set({
      settings: sql`${users.settings} || jsonb_build_object('manager_survey', ${JSON.stringify(answer)}::jsonb)`,
    })
    .where(
      and(
        eq(users.companyId, caller.companyId),
        eq(users.id, caller.userId),
        sql`coalesce(${users.settings}->'manager_survey'->>'id', '') <> ${MANAGER_SURVEY.id}`,
      ),
    );
  return { message: ACCOUNT_MSG.surveyThanks };
}
