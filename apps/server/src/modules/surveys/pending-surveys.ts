import type { TPendingSurvey } from '@prosa/shared/surveys';
import { sql } from 'drizzle-orm';
import type { AppDeps, Caller } from '../../platform/deps';
import { reachesCompany } from './survey-scope';

// More than this waiting at once is unlikely; the next ones come after these are answered.
const PENDING_LIMIT = 20;

/**
 * The surveys the caller still has to answer, oldest first: published to their company, not answered, and not
 * their own (the admin who publishes is not asked to answer it).
 */
export async function pendingSurveys(deps: Pick<AppDeps, 'db'>, caller: Caller): Promise<TPendingSurvey[]> {
  const r = await deps.db.execute<TPendingSurvey>(sql`
    select s.id, s.type, s.title, s.description, s.info, s.image_url, s.link, s.questions
    from surveys s
    where ${reachesCompany(caller.companyId)}
      and s.created_by is distinct from ${caller.userId}
      and not exists (select 1 from survey_answers a where a.survey_id = s.id and a.user_id = ${caller.userId})
    order by s.created_at, s.id
    limit ${PENDING_LIMIT}`);
  return r.rows.map((s) => ({ ...s, id: Number(s.id) }));
}
