import { SURVEY_MSG, type ZSurveyAnswerInput } from '@prosa/shared/surveys';
import { SURVEY_OTHERS_CHOICE } from '@prosa/shared/surveys-texts';
import type { z } from '@prosa/shared/zod';
import { sql } from 'drizzle-orm';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { reachesCompany } from './survey-scope';

type Question = { text: string; options: string[]; others: boolean };
type Answer = { choice: string | null; others: string | null };

/** Every question answered: one of its options, or 'Outros' with a text where the question allows it. */
export function checkAnswers(questions: Question[], answers: Record<string, Answer>): Record<string, Answer> {
  const out: Record<string, Answer> = {};
  const known = new Set(questions.map((_, i) => String(i)));
  if (Object.keys(answers).some((k) => !known.has(k))) throw badRequest(SURVEY_MSG.answerAll);
  questions.forEach((q, i) => {
    const a = answers[String(i)];
    if (!a || a.choice === null) throw badRequest(SURVEY_MSG.answerAll);
    if (q.options.includes(a.choice)) out[String(i)] = { choice: a.choice, others: null };
    else if (q.others && a.choice === SURVEY_OTHERS_CHOICE) {
      if (!a.others) throw badRequest(SURVEY_MSG.othersRequired);
      out[String(i)] = { choice: SURVEY_OTHERS_CHOICE, others: a.others };
    } else throw badRequest(SURVEY_MSG.invalidChoice);
  });
  return out;
}

/**
 * The caller answers a survey of their company once. A second send (double click, two tabs) changes nothing and
 * answers the same thanks. An external form is "answered" by the user saying they filled it (answers {}).
 */
export async function answerSurvey(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  id: number,
  input: z.output<typeof ZSurveyAnswerInput>,
): Promise<{ message: string }> {
  const r = await deps.db.execute<{ type: string; questions: Question[] }>(sql`
    select s.type, s.questions from surveys s where s.id = ${id} and ${reachesCompany(caller.companyId)}`);
  const survey = r.rows[0];
  if (!survey) throw notFound(SURVEY_MSG.notFound);
  const answers = survey.type === 'questions' ? checkAnswers(survey.questions, input.answers) : {};
  await deps.db.execute(sql`
    insert into survey_answers (survey_id, user_id, company_id, answers)
    values (${id}, ${caller.userId}, ${caller.companyId}, ${JSON.stringify(answers)}::jsonb)
    on conflict (survey_id, user_id) do nothing`);
  return { message: SURVEY_MSG.answered };
}
