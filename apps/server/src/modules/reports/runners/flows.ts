import { REPORTS, type TReportTable } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import { pageInfo, slicePage } from './part2-helpers';

// Chatbot flows: each run of a flow that started in the period. Ended runs are kept on their attendance
// (attendances.data.flow_runs, written when the session ends: automation/run.ts endAutomationSession); runs still
// going are the automation sessions held by a flow.

const COLUMNS: TReportTable['columns'] = [
  { key: 'flow', label: 'Fluxo', kind: 'text' },
  { key: 'started', label: 'Iniciados', kind: 'int' },
  { key: 'finished', label: 'Finalizados', kind: 'int' },
  { key: 'handover', label: 'Transferidos para atendimento', kind: 'int' },
  { key: 'abandoned', label: 'Abandonados / expirados', kind: 'int' },
  { key: 'running', label: 'Em andamento', kind: 'int' },
  { key: 'average', label: 'Tempo médio', kind: 'duration' },
];
const MEASURES = ['started', 'finished', 'handover', 'abandoned', 'running'] as const;

export const runFlows: ReportRunner = async (ctx) => {
  const from = sql`${ctx.from.toISOString()}::timestamptz`;
  const to = sql`${ctx.to.toISOString()}::timestamptz`;
  const r = await ctx.db.execute<{
    flow_id: number;
    name: string | null;
    deleted: boolean | null;
    finished: number;
    handover: number;
    abandoned: number;
    running: number;
    seconds: number | null;
    ended: number;
  }>(sql`
    with runs as (
      select (e->>'flow_id')::int as flow_id, e->>'outcome' as outcome,
             (e->>'started_at')::timestamptz as started_at, (e->>'ended_at')::timestamptz as ended_at
      from attendances a
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(a.data->'flow_runs') = 'array' then a.data->'flow_runs' else '[]'::jsonb end) e
      where a.company_id = ${ctx.companyId} and a.created_at < ${to}
        and (a.closed_at is null or a.closed_at >= ${from})
      union all
      select s.flow_id, 'running', s.started_at, null
      from automation_sessions s
      where s.company_id = ${ctx.companyId} and s.holder = 'flow' and s.flow_id is not null
    ), period as (
      select * from runs where started_at >= ${from} and started_at < ${to}
    )
    select p.flow_id, f.name, f.deleted_at is not null as deleted,
           count(*) filter (where p.outcome = 'finished')::int as finished,
           count(*) filter (where p.outcome = 'handover')::int as handover,
           count(*) filter (where p.outcome = 'abandoned')::int as abandoned,
           count(*) filter (where p.outcome = 'running')::int as running,
           sum(extract(epoch from p.ended_at - p.started_at)) filter (where p.ended_at is not null)::float8 as seconds,
           count(p.ended_at)::int as ended
    from period p
    left join chatbot_flows f on f.company_id = ${ctx.companyId} and f.id = p.flow_id
    group by p.flow_id, f.name, f.deleted_at
    order by f.name, p.flow_id`);
  const rows = r.rows.map((row) => {
    const started = row.finished + row.handover + row.abandoned + row.running;
    return {
      flow: row.name === null ? `#${row.flow_id}` : row.deleted ? `${row.name} (Excluído)` : row.name,
      started,
      finished: row.finished,
      handover: row.handover,
      abandoned: row.abandoned,
      running: row.running,
      average: row.ended > 0 && row.seconds !== null ? Math.round(row.seconds / row.ended) : null,
    };
  });
  const seconds = r.rows.reduce((s, row) => s + (row.seconds ?? 0), 0);
  const ended = r.rows.reduce((s, row) => s + row.ended, 0);
  return {
    title: REPORTS.flows.title,
    columns: COLUMNS,
    rows: slicePage(ctx, rows),
    totals:
      rows.length > 0
        ? {
            flow: 'Total',
            ...Object.fromEntries(MEASURES.map((m) => [m, rows.reduce((s, row) => s + row[m], 0)])),
            average: ended > 0 ? Math.round(seconds / ended) : null,
          }
        : null,
    ...pageInfo(ctx, rows.length),
  };
};
