import { pollOptions } from '@prosa/shared/polls';
import { floorPercent, REPORTS, type TReportTable } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import { pageInfo, slicePage } from './part2-helpers';

// Poll answers per poll and option (poll_requests asked in the period, answered ones), with the percent of the
// poll's answers and, when every option of the poll is a number (a 0–10 score…), the average answer.

const COLUMNS: TReportTable['columns'] = [
  { key: 'poll', label: 'Pesquisa', kind: 'text' },
  { key: 'option', label: 'Opção', kind: 'text' },
  { key: 'answers', label: 'Respostas', kind: 'int' },
  { key: 'percent', label: 'Percentual', kind: 'percent' },
  { key: 'average', label: 'Média', kind: 'text' },
];

const NUMBER = /^-?\d+([.,]\d+)?$/;
const numberOf = (v: string) => Number(v.trim().replace(',', '.'));

export const runPolls: ReportRunner = async (ctx) => {
  const f = ctx.filters;
  const r = await ctx.db.execute<{
    poll_id: number;
    name: string;
    possible_answers: Record<string, unknown>;
    answer_key: string | null;
    n: number;
  }>(sql`
    select r.poll_id, p.name, p.possible_answers, r.answer_key, count(*)::int as n
    from poll_requests r
    join polls p on p.company_id = r.company_id and p.id = r.poll_id
    where r.company_id = ${ctx.companyId} and r.state = 'answered'
      and r.asked_at >= ${ctx.from.toISOString()}::timestamptz and r.asked_at < ${ctx.to.toISOString()}::timestamptz
      ${f.operator_id ? sql`and r.operator_id = ${f.operator_id}` : sql``}
      ${f.sector_id ? sql`and r.sector_id = ${f.sector_id}` : sql``}
    group by r.poll_id, p.name, p.possible_answers, r.answer_key
    order by p.name, r.poll_id`);
  const polls = new Map<
    number,
    { name: string; possible: Record<string, unknown>; counts: Map<string, number> }
  >();
  for (const row of r.rows) {
    let poll = polls.get(row.poll_id);
    if (!poll) {
      poll = { name: row.name, possible: row.possible_answers, counts: new Map() };
      polls.set(row.poll_id, poll);
    }
    const key = row.answer_key ?? '';
    poll.counts.set(key, (poll.counts.get(key) ?? 0) + row.n);
  }
  const rows: TReportTable['rows'] = [];
  let answeredAll = 0;
  for (const poll of polls.values()) {
    const options = pollOptions(poll.possible);
    const answered = [...poll.counts.values()].reduce((s, n) => s + n, 0);
    answeredAll += answered;
    const numeric = options.length > 0 && options.every((o) => NUMBER.test(o.value.trim()));
    let average: string | null = null;
    if (numeric && answered > 0) {
      const sum = options.reduce((s, o) => s + numberOf(o.value) * (poll.counts.get(o.key) ?? 0), 0);
      const counted = options.reduce((s, o) => s + (poll.counts.get(o.key) ?? 0), 0);
      if (counted > 0) average = (Math.round((sum / counted) * 100) / 100).toFixed(2).replace('.', ',');
    }
    for (const o of options) {
      const n = poll.counts.get(o.key) ?? 0;
      rows.push({
        poll: poll.name,
        option: `${o.key} - ${o.value}`,
        answers: n,
        percent: floorPercent(n, answered),
        average,
      });
    }
  }
  return {
    title: REPORTS.polls.title,
    columns: COLUMNS,
    rows: slicePage(ctx, rows),
    totals:
      rows.length > 0
        ? { poll: 'Total', option: '', answers: answeredAll, percent: null, average: null }
        : null,
    ...pageInfo(ctx, rows.length),
  };
};
