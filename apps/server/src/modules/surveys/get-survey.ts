import { SURVEY_MSG, type TSurveyDetail } from '@prosa/shared/surveys';
import { SURVEY_OTHERS_CHOICE } from '@prosa/shared/surveys-texts';
import { sql } from 'drizzle-orm';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { companyNames, iso, managedBy } from './survey-scope';

type Question = { text: string; options: string[]; others: boolean };
type Answers = Record<string, { choice: string | null; others: string | null }>;

// The 'others' texts shown per question in the view: the latest ones.
const OTHERS_SHOWN = 200;

/** A survey as its admin sees it (spec 3 §7 find by id), with the answers counted per question and option. */
export async function getSurvey(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  id: number,
): Promise<TSurveyDetail> {
  const r = await deps.db.execute<{
    id: number;
    type: TSurveyDetail['type'];
    title: string;
    description: string;
    info: string;
    image_url: string | null;
    link: string | null;
    questions: Question[];
    company_ids: number[];
    created_at: Date;
  }>(sql`
    select s.id, s.type, s.title, s.description, s.info, s.image_url, s.link, s.questions, s.company_ids,
      s.created_at
    from surveys s where s.id = ${id} and ${managedBy(caller)}`);
  const s = r.rows[0];
  if (!s) throw notFound(SURVEY_MSG.notFound);
  const answers = await deps.db.execute<{ answers: Answers }>(sql`
    select answers from survey_answers where survey_id = ${id} order by created_at desc`);
  const summary = s.questions.map((q, i) => {
    const counts = new Map(q.options.map((o) => [o, 0]));
    const others: string[] = [];
    let othersCount = 0;
    for (const a of answers.rows) {
      const one = a.answers[String(i)];
      if (!one) continue;
      if (one.choice !== null && counts.has(one.choice))
        counts.set(one.choice, (counts.get(one.choice) ?? 0) + 1);
      else if (one.choice === SURVEY_OTHERS_CHOICE && one.others) {
        othersCount += 1;
        if (others.length < OTHERS_SHOWN) others.push(one.others);
      }
    }
    return {
      text: q.text,
      options: q.options.map((o) => ({ option: o, count: counts.get(o) ?? 0 })),
      others_count: othersCount,
      others,
    };
  });
  const names = await companyNames(deps.db, s.company_ids.map(Number));
  return {
    id: Number(s.id),
    type: s.type,
    title: s.title,
    description: s.description,
    info: s.info,
    image_url: s.image_url,
    link: s.link,
    questions: s.questions,
    company_ids: s.company_ids.map(Number),
    companies: s.company_ids.map((c) => ({ id: Number(c), name: names.get(Number(c)) ?? `#${c}` })),
    answers_count: answers.rows.length,
    created_at: iso(s.created_at),
    summary,
  };
}
