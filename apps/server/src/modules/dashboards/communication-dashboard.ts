import type { TCommunicationDashboard } from '@prosa/shared/messenger';
import { ROLE } from '@prosa/shared/roles';
import { sql } from 'drizzle-orm';
import type { AppDeps, Caller } from '../../platform/deps';
import { dashboardPeriod } from './period';

/**
 * Internal communication (issue 19/20): the messenger in the period, per manager and operator.
 * - sent: messages the user wrote in the period (an operator's answers are his messages);
 * - answers / pending / average answer time: the need-answer messages written in the period — the manager's
 *   own questions, the questions the operator received — answered or not, and the mean seconds to the answer;
 * - per day (company calendar): messages written, and questions answered that day.
 * Totals count each message or question once.
 */
export async function communicationDashboard(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { fromDate?: string; toDate?: string },
): Promise<TCommunicationDashboard> {
  const { period } = await dashboardPeriod(deps, caller, { fromDate: input.fromDate, toDate: input.toDate });
  const c = caller.companyId;
  const inPeriod = sql`m.created_at >= ${period.from} and m.created_at < ${period.to}`;
  const [rows, totals, days] = await Promise.all([
    deps.db.execute<{
      user_id: number;
      name: string;
      role: number;
      sent: number;
      answers: number;
      pending: number;
      avg_answer_seconds: number | null;
    }>(sql`
      with msgs as (
        select m.*, ch.manager_id, ch.operator_id from internal_messages m
        join internal_chats ch on ch.company_id = m.company_id and ch.id = m.chat_id
        where m.company_id = ${c} and ${inPeriod}
      ),
      sent as (select from_user_id as user_id, count(*)::int as n from msgs group by 1),
      questions as (
        select u.user_id, q.answered_at, q.created_at from msgs q
        cross join lateral (values (q.manager_id), (q.operator_id)) as u(user_id)
        where q.need_answer and q.from_user_id = q.manager_id
      ),
      answered as (
        select user_id, count(answered_at)::int as answers, count(*) filter (where answered_at is null)::int as pending,
          round(avg(extract(epoch from answered_at - created_at)))::int as avg_s
        from questions group by 1
      ),
      people as (select user_id from sent union select user_id from answered)
      select p.user_id, u.name, u.role, coalesce(s.n, 0) as sent, coalesce(a.answers, 0) as answers,
        coalesce(a.pending, 0) as pending, a.avg_s as avg_answer_seconds
      from people p
      join users u on u.company_id = ${c} and u.id = p.user_id
      left join sent s on s.user_id = p.user_id
      left join answered a on a.user_id = p.user_id
      order by case when u.role >= ${ROLE.manager} then 0 else 1 end, lower(u.name), p.user_id`),
    deps.db.execute<{ sent: number; answers: number; pending: number; avg_s: number | null }>(sql`
      select count(*)::int as sent,
        count(*) filter (where m.need_answer and m.answered_at is not null)::int as answers,
        count(*) filter (where m.need_answer and m.answered_at is null)::int as pending,
        round(avg(extract(epoch from m.answered_at - m.created_at)) filter (where m.need_answer))::int as avg_s
      from internal_messages m where m.company_id = ${c} and ${inPeriod}`),
    deps.db.execute<{ day: string; sent: number; answers: number }>(sql`
      with d as (
        select to_char(m.created_at at time zone ${period.tz}, 'YYYY-MM-DD') as day, 1 as sent, 0 as answers
        from internal_messages m where m.company_id = ${c} and ${inPeriod}
        union all
        select to_char(m.answered_at at time zone ${period.tz}, 'YYYY-MM-DD'), 0, 1
        from internal_messages m
        where m.company_id = ${c} and m.need_answer and m.answered_at >= ${period.from}
          and m.answered_at < ${period.to}
      )
      select day, sum(sent)::int as sent, sum(answers)::int as answers from d group by day order by day`),
  ]);
  const t = totals.rows[0];
  return {
    period: { fromDate: period.fromDate, toDate: period.toDate },
    rows: rows.rows.map((r) => ({
      user_id: Number(r.user_id),
      name: r.name,
      role: Number(r.role) >= ROLE.manager ? 'manager' : 'operator',
      sent: Number(r.sent),
      answers: Number(r.answers),
      pending: Number(r.pending),
      avg_answer_seconds: r.avg_answer_seconds === null ? null : Number(r.avg_answer_seconds),
    })),
    totals: {
      sent: Number(t?.sent ?? 0),
      answers: Number(t?.answers ?? 0),
      pending: Number(t?.pending ?? 0),
      avg_answer_seconds: t?.avg_s === null || t?.avg_s === undefined ? null : Number(t.avg_s),
    },
    per_day: days.rows.map((d) => ({ day: d.day, sent: Number(d.sent), answers: Number(d.answers) })),
  };
}
