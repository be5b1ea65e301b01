import { SURVEY_MSG, type ZSurveyInput } from '@prosa/shared/surveys';
import type { z } from '@prosa/shared/zod';
import { sql } from 'drizzle-orm';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { sanitizeSurveyInfo } from './sanitize-info';
import { isLord, reachOf, targetCompanies } from './survey-scope';

/** Publishes a survey to the chosen companies (none: every company the creator reaches); their users see it live. */
export async function createSurvey(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: z.output<typeof ZSurveyInput>,
): Promise<{ message: string; id: number }> {
  const chosen = [...new Set(input.company_ids)];
  const reach = await deps.db.execute<{ id: number }>(
    isLord(caller)
      ? sql`select id from companies where id = any(${`{${chosen.join(',')}}`}::int[])`
      : sql`select unnest(${reachOf(caller)}) as id`,
  );
  const reachable = new Set(reach.rows.map((r) => Number(r.id)));
  // Another installation's company or one outside the admin's list is not one of theirs.
  if (chosen.some((id) => !reachable.has(id))) throw notFound(SURVEY_MSG.companyNotFound);
  const companyIds = chosen.length > 0 || isLord(caller) ? chosen : [...reachable].sort((a, b) => a - b);
  const questions = input.type === 'questions' ? input.questions : [];
  const link = input.type === 'external_form' ? input.link : null;

  return deps.db.transaction(async (tx) => {
    const r = await tx.execute<{ id: number }>(sql`
      insert into surveys (type, title, description, info, image_url, link, questions, company_ids, created_by)
      values (${input.type}, ${input.title}, ${input.description}, ${sanitizeSurveyInfo(input.info)},
        ${input.image_url}, ${link}, ${JSON.stringify(questions)}::jsonb,
        ${`{${companyIds.join(',')}}`}::int[], ${caller.userId})
      returning id`);
    const id = Number(r.rows[0]?.id);
    const targets = await targetCompanies(tx, companyIds);
    await writeFacts(
      tx,
      targets.map((companyId) => ({
        companyId,
        actorUserId: caller.userId,
        name: 'survey.changed' as const,
        data: { survey_id: id },
      })),
    );
    return { message: SURVEY_MSG.created, id };
  });
}
