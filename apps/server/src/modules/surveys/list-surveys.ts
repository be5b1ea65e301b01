import type { TSurveyListItem } from '@prosa/shared/surveys';
import { SURVEYS_PER_PAGE } from '@prosa/shared/surveys-texts';
import { sql } from 'drizzle-orm';
import type { AppDeps, Caller } from '../../platform/deps';
import { companyNames, iso, managedBy } from './survey-scope';

type Row = {
  id: number;
  type: TSurveyListItem['type'];
  title: string;
  company_ids: number[];
  answers_count: number;
  created_at: Date;
  total: number;
};

/** The admin list (spec 3 §7, §9): 50 per page, newest first, searched by title, with each survey's answers. */
export async function listSurveys(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  query: { page: number; search?: string },
): Promise<{ total: number; result: TSurveyListItem[] }> {
  const like = query.search ? `%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const r = await deps.db.execute<Row>(sql`
    select s.id, s.type, s.title, s.company_ids, s.created_at, count(*) over () as total,
      (select count(*)::int from survey_answers a where a.survey_id = s.id) as answers_count
    from surveys s
    where ${managedBy(caller)} and ${like ? sql`s.title ilike ${like}` : sql`true`}
    order by s.created_at desc, s.id desc
    limit ${SURVEYS_PER_PAGE} offset ${(query.page - 1) * SURVEYS_PER_PAGE}`);
  let total = Number(r.rows[0]?.total ?? 0);
  // A page past the end still says how many there are.
  if (r.rows.length === 0 && query.page > 1) {
    const c = await deps.db.execute<{ n: number }>(sql`
      select count(*)::int as n from surveys s
      where ${managedBy(caller)} and ${like ? sql`s.title ilike ${like}` : sql`true`}`);
    total = Number(c.rows[0]?.n ?? 0);
  }
  const names = await companyNames(
    deps.db,
    r.rows.flatMap((s) => s.company_ids.map(Number)),
  );
  return {
    total,
    result: r.rows.map((s) => ({
      id: Number(s.id),
      type: s.type,
      title: s.title,
      company_ids: s.company_ids.map(Number),
      companies: s.company_ids.map((id) => ({ id: Number(id), name: names.get(Number(id)) ?? `#${id}` })),
      answers_count: Number(s.answers_count),
      created_at: iso(s.created_at),
    })),
  };
}
