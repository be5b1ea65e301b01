import { CHANNEL_LABEL, type TChannelKind } from '@prosa/shared/channels';
import {
  POLL_ANALYTICS_COLUMNS,
  POLL_ANALYTICS_PAGE_SIZE,
  POLL_STATE_LABEL,
  pollOptions,
  type TPollAnalytics,
  type TPollAnalyticsRow,
  type TPollReport,
  type ZPollAnalyticsQuery,
  type ZPollReportQuery,
} from '@prosa/shared/polls';
import type { z } from '@prosa/shared/zod';
import { eq, type SQL, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { CSV_BOM, csvLine } from '../history/csv';

type Deps = { db: Db };

async function timezoneOf(db: Db, companyId: number) {
  const [c] = await db.select({ tz: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  return c?.tz ?? 'America/Sao_Paulo';
}

/** Requests asked within the period's calendar days in the company's timezone. */
const inPeriod = (q: { fromDate: string; toDate: string }, tz: string) =>
  sql`r.asked_at >= (${q.fromDate}::date::timestamp at time zone ${tz})
      and r.asked_at < ((${q.toDate}::date + 1)::timestamp at time zone ${tz})`;

const pct = (n: number, total: number) => (total > 0 ? Math.round((n / total) * 1000) / 10 : 0);

/** GET /polls/report: per poll the requests by state and the answers per option, with percentages. */
export async function pollReport(
  deps: Deps,
  caller: Caller,
  q: z.infer<typeof ZPollReportQuery>,
): Promise<TPollReport> {
  const tz = await timezoneOf(deps.db, caller.companyId);
  const r = await deps.db.execute<{
    poll_id: number;
    name: string;
    deleted: boolean;
    possible_answers: Record<string, unknown>;
    state: string;
    answer_key: string | null;
    n: number;
  }>(sql`
    select r.poll_id, p.name, p.deleted_at is not null as deleted, p.possible_answers, r.state, r.answer_key,
           count(*)::int as n
    from poll_requests r
    join polls p on p.company_id = r.company_id and p.id = r.poll_id
    where r.company_id = ${caller.companyId} and ${inPeriod(q, tz)}
    group by r.poll_id, p.name, p.deleted_at, p.possible_answers, r.state, r.answer_key
    order by p.name, r.poll_id`);
  const byPoll = new Map<number, TPollReport[number]>();
  for (const row of r.rows) {
    let poll = byPoll.get(row.poll_id);
    if (!poll) {
      poll = {
        poll_id: row.poll_id,
        name: row.name,
        deleted: row.deleted,
        sent: 0,
        answered: 0,
        expired: 0,
        invalid: 0,
        pending: 0,
        options: pollOptions(row.possible_answers).map((o) => ({ ...o, count: 0, percent: 0 })),
      };
      byPoll.set(row.poll_id, poll);
    }
    poll.sent += row.n;
    if (
      row.state === 'answered' ||
      row.state === 'expired' ||
      row.state === 'invalid' ||
      row.state === 'pending'
    )
      poll[row.state] += row.n;
    if (row.state === 'answered') {
      const option = poll.options.find((o) => o.key === row.answer_key);
      if (option) option.count += row.n;
    }
  }
  const report = [...byPoll.values()];
  for (const p of report) for (const o of p.options) o.percent = pct(o.count, p.answered);
  return report;
}

type AnalyticsQuery = z.infer<typeof ZPollAnalyticsQuery>;

function analyticsWhere(caller: Caller, q: AnalyticsQuery, tz: string): SQL {
  const parts: SQL[] = [sql`r.company_id = ${caller.companyId}`, inPeriod(q, tz)];
  if (q.poll_id) parts.push(sql`r.poll_id = ${q.poll_id}`);
  if (q.sector_id) parts.push(sql`r.sector_id = ${q.sector_id}`);
  if (q.operator_id) parts.push(sql`r.operator_id = ${q.operator_id}`);
  if (q.status_id) parts.push(sql`coalesce(a.status_id, r.status_id) = ${q.status_id}`);
  if (q.channel_id) parts.push(sql`r.channel_id = ${q.channel_id}`);
  if (q.answered === 'answered') parts.push(sql`r.state = 'answered'`);
  if (q.answered === 'not_answered') parts.push(sql`r.state <> 'answered'`);
  return sql.join(parts, sql` and `);
}

type RawRow = {
  id: string;
  date: string;
  protocol: string;
  contact: string;
  channel_kind: string;
  channel_name: string | null;
  operator: string | null;
  sector: string | null;
  status: string | null;
  poll: string;
  state: string;
  answer_key: string | null;
  answer_value: string | null;
};

function rowOf(r: RawRow): TPollAnalyticsRow {
  const kind = CHANNEL_LABEL[r.channel_kind as TChannelKind] ?? r.channel_kind;
  return {
    id: Number(r.id),
    date: r.date,
    protocol: r.protocol,
    contact: r.contact,
    channel: r.channel_name ? `${kind} · ${r.channel_name}` : kind,
    operator: r.operator,
    sector: r.sector,
    status: r.status,
    poll: r.poll,
    state: POLL_STATE_LABEL[r.state] ?? r.state,
    answer: r.answer_value ? `${r.answer_key}) ${r.answer_value}` : null,
  };
}

async function analyticsRows(deps: Deps, caller: Caller, q: AnalyticsQuery, page: number | null) {
  const tz = await timezoneOf(deps.db, caller.companyId);
  const where = analyticsWhere(caller, q, tz);
  const from = sql`
    from poll_requests r
    join polls p on p.company_id = r.company_id and p.id = r.poll_id
    join attendances a on a.company_id = r.company_id and a.id = r.attendance_id
    left join channels c on c.company_id = r.company_id and c.id = r.channel_id
    left join sectors s on s.company_id = r.company_id and s.id = r.sector_id
    left join statuses st on st.company_id = r.company_id and st.id = coalesce(a.status_id, r.status_id)
    where ${where}`;
  const limit =
    page === null
      ? sql`limit 100000`
      : sql`limit ${POLL_ANALYTICS_PAGE_SIZE} offset ${(page - 1) * POLL_ANALYTICS_PAGE_SIZE}`;
  const rows = await deps.db.execute<RawRow>(sql`
    select r.id, to_char(r.asked_at at time zone ${tz}, 'DD/MM/YYYY HH24:MI') as date, a.protocol,
           a.name as contact, a.channel_kind, c.name as channel_name,
           coalesce(r.operator_name, a.closed_by_user_name) as operator, s.name as sector, st.name as status,
           p.name as poll, r.state, r.answer_key, r.answer_value
    ${from}
    order by r.asked_at desc, r.id desc
    ${limit}`);
  const total =
    page === null
      ? rows.rows.length
      : ((await deps.db.execute<{ n: number }>(sql`select count(*)::int as n ${from}`)).rows[0]?.n ?? 0);
  return { rows: rows.rows.map(rowOf), total };
}

/** GET /reports/polls_analytics: one row per poll sent, newest first, paged. */
export async function pollAnalytics(deps: Deps, caller: Caller, q: AnalyticsQuery): Promise<TPollAnalytics> {
  const { rows, total } = await analyticsRows(deps, caller, q, q.page);
  return { rows, total, page: q.page, per_page: POLL_ANALYTICS_PAGE_SIZE };
}

/** The same rows, all of them, as a CSV file (UTF-8 with BOM, `;`). */
export async function pollAnalyticsCsv(deps: Deps, caller: Caller, q: AnalyticsQuery) {
  const { rows } = await analyticsRows(deps, caller, q, null);
  let csv = CSV_BOM + csvLine([...POLL_ANALYTICS_COLUMNS]);
  for (const r of rows)
    csv += csvLine([
      r.date,
      r.protocol,
      r.contact,
      r.channel,
      r.operator,
      r.sector,
      r.status,
      r.poll,
      r.state,
      r.answer,
    ]);
  return { filename: `pesquisas-${q.fromDate}-${q.toDate}.csv`, csv };
}
