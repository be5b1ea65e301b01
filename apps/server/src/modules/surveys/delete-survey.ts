import { SURVEY_MSG } from '@prosa/shared/surveys';
import { sql } from 'drizzle-orm';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { managedBy, targetCompanies } from './survey-scope';

/** Removes a survey (kept with deleted_at, its answers too); the users who still had it pending stop seeing it. */
export async function deleteSurvey(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  id: number,
): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const r = await tx.execute<{ company_ids: number[] }>(sql`
      update surveys s set deleted_at = now()
      where s.id = ${id} and ${managedBy(caller)}
      returning s.company_ids`);
    const row = r.rows[0];
    if (!row) throw notFound(SURVEY_MSG.notFound);
    const targets = await targetCompanies(tx, row.company_ids.map(Number));
    await writeFacts(
      tx,
      targets.map((companyId) => ({
        companyId,
        actorUserId: caller.userId,
        name: 'survey.changed' as const,
        data: { survey_id: id },
      })),
    );
    return { message: SURVEY_MSG.deleted };
  });
}
