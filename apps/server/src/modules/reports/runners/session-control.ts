import { REPORTS, type TReportColumn, type TReportTable } from '@prosa/shared/reports';
import { type SQL, sql } from 'drizzle-orm';
import { REPORT_PER_PAGE, type ReportRunner } from '../types';
import { at, dailyWhere, nameOf, num, rowsOf, sumRows, userNames, usersOfRole } from './common';

const COLUMNS: TReportColumn[] = [
  { key: 'user', label: 'Usuário', kind: 'text' },
  { key: 'sessions', label: 'Sessões', kind: 'int' },
  { key: 'session_seconds', label: 'Tempo em sessão', kind: 'duration' },
  { key: 'pauses', label: 'Pausas', kind: 'int' },
  { key: 'pause_seconds', label: 'Tempo em pausa', kind: 'duration' },
  { key: 'worked_seconds', label: 'Tempo trabalhado', kind: 'duration' },
];

const PAUSE_COLUMNS: TReportColumn[] = [
  { key: 'user', label: 'Usuário', kind: 'text' },
  { key: 'reason', label: 'Motivo', kind: 'text' },
  { key: 'started_at', label: 'Início', kind: 'datetime' },
  { key: 'ended_at', label: 'Fim', kind: 'datetime' },
  { key: 'duration', label: 'Duração', kind: 'duration' },
  { key: 'ended_by', label: 'Encerramento', kind: 'text' },
];

const ENDED_BY: Record<string, string> = {
  user: 'Pelo usuário',
  limit: 'Tempo limite atingido',
  logout: 'Saída do sistema',
};

/**
 * Sessions and pauses of each user (report_daily, booked when they end) and the time worked (session minus
 * pause), plus the pauses started in the period (user_pauses) as a detail table: one page on screen, all in the CSV.
 */
export const runSessionControl: ReportRunner = async (ctx) => {
  const def = REPORTS['session-control'];
  const f = ctx.filters;
  const rows = await rowsOf<{ operator_id: number; s: string; ss: string; p: string; ps: string }>(
    ctx.db,
    sql`select h.operator_id, sum(h.sessions) as s, sum(h.session_seconds) as ss,
          sum(h.pauses) as p, sum(h.pause_seconds) as ps
        from report_daily h
        where ${dailyWhere(ctx, def.filters)} and h.operator_id <> 0
        group by h.operator_id
        having sum(h.sessions) + sum(h.pauses) > 0`,
  );
  const userFilter: SQL[] = [];
  if (f.operator_id) userFilter.push(sql`and p.user_id = ${f.operator_id}`);
  if (f.profile_type !== null && f.profile_type !== undefined)
    userFilter.push(sql`and p.user_id in (${usersOfRole(ctx.companyId, f.profile_type)})`);
  // The pause list: one page on screen (with the count), every pause in the CSV; dates and durations formatted
  // in SQL, so a long period does not format thousands of rows in JS.
  const pauseWhere = sql`p.company_id = ${ctx.companyId} and p.started_at >= ${at(ctx.from)}
    and p.started_at < ${at(ctx.to)} ${sql.join(userFilter, sql` `)}`;
  const paged = ctx.format !== 'csv';
  const pausePage = f.page ?? 1;
  const pauses = await rowsOf<{
    user_id: number;
    title: string | null;
    started_at: string;
    ended_at: string | null;
    duration: number | null;
    ended_by: string | null;
  }>(
    ctx.db,
    sql`select p.user_id, r.title,
          to_char(p.started_at at time zone ${ctx.tz}, 'DD/MM/YYYY HH24:MI:SS') as started_at,
          to_char(p.ended_at at time zone ${ctx.tz}, 'DD/MM/YYYY HH24:MI:SS') as ended_at,
          greatest(0, round(extract(epoch from (p.ended_at - p.started_at))))::int as duration, p.ended_by
        from (select * from user_pauses p where ${pauseWhere} order by p.started_at, p.id
              ${paged ? sql`limit ${REPORT_PER_PAGE} offset ${(pausePage - 1) * REPORT_PER_PAGE}` : sql``}) p
        left join pause_reasons r on r.company_id = p.company_id and r.id = p.reason_id
        order by p.started_at, p.id`,
  );
  const pauseTotal = paged
    ? num(
        (
          await rowsOf<{ n: number }>(
            ctx.db,
            sql`select count(*)::int as n from user_pauses p where ${pauseWhere}`,
          )
        )[0]?.n,
      )
    : pauses.length;
  const table: TReportTable = { title: def.title, columns: COLUMNS, rows: [], totals: null, tables: [] };
  if (rows.length === 0 && pauseTotal === 0) return table;
  const names = await userNames(ctx.db, ctx.companyId);
  table.rows = rows
    .map((r) => ({
      user: nameOf(names, r.operator_id),
      sessions: num(r.s),
      session_seconds: num(r.ss),
      pauses: num(r.p),
      pause_seconds: num(r.ps),
      worked_seconds: Math.max(0, num(r.ss) - num(r.ps)),
    }))
    .sort((a, b) => a.user.localeCompare(b.user, 'pt-BR'));
  if (table.rows.length > 0)
    table.totals = sumRows(
      table.rows,
      ['sessions', 'session_seconds', 'pauses', 'pause_seconds', 'worked_seconds'],
      { key: 'user', label: 'Total' },
    );
  table.tables = [
    {
      title: 'Pausas',
      columns: PAUSE_COLUMNS,
      rows: pauses.map((p) => ({
        user: nameOf(names, p.user_id),
        reason: p.title ?? 'Sem motivo',
        started_at: p.started_at,
        ended_at: p.ended_at ?? '',
        duration: p.duration,
        ended_by: p.ended_by ? (ENDED_BY[p.ended_by] ?? p.ended_by) : 'Em andamento',
      })),
      ...(paged ? { total: pauseTotal, page: pausePage, perPage: REPORT_PER_PAGE } : {}),
    },
  ];
  return table;
};
