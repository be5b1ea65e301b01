import { REPORTS, type TReportColumn, type TReportTable } from '@prosa/shared/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import {
  at,
  brDateTime,
  hourlyWhere,
  nameOf,
  num,
  rowsOf,
  secondsBetween,
  sumRows,
  userNames,
  usersOfRole,
} from './common';

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
 * Sessions and pauses of each user (report_hourly, booked when they end) and the time worked (session minus
 * pause), plus every pause started in the period (user_pauses) as a detail table.
 */
export const runSessionControl: ReportRunner = async (ctx) => {
  const def = REPORTS['session-control'];
  const f = ctx.filters;
  const rows = await rowsOf<{ operator_id: number; s: string; ss: string; p: string; ps: string }>(
    ctx.db,
    sql`select h.operator_id, sum(h.sessions) as s, sum(h.session_seconds) as ss,
          sum(h.pauses) as p, sum(h.pause_seconds) as ps
        from report_hourly h
        where ${hourlyWhere(ctx, def.filters)} and h.operator_id <> 0
        group by h.operator_id
        having sum(h.sessions) + sum(h.pauses) > 0`,
  );
  const userFilter: SQL[] = [];
  if (f.operator_id) userFilter.push(sql`and p.user_id = ${f.operator_id}`);
  if (f.profile_type !== null && f.profile_type !== undefined)
    userFilter.push(sql`and p.user_id in (${usersOfRole(ctx.companyId, f.profile_type)})`);
  const pauses = await rowsOf<{
    user_id: number;
    title: string | null;
    started_at: Date;
    ended_at: Date | null;
    ended_by: string | null;
  }>(
    ctx.db,
    sql`select p.user_id, r.title, p.started_at, p.ended_at, p.ended_by
        from user_pauses p
        left join pause_reasons r on r.company_id = p.company_id and r.id = p.reason_id
        where p.company_id = ${ctx.companyId} and p.started_at >= ${at(ctx.from)} and p.started_at < ${at(ctx.to)}
          ${sql.join(userFilter, sql` `)}
        order by p.started_at, p.id`,
  );
  const table: TReportTable = { title: def.title, columns: COLUMNS, rows: [], totals: null, tables: [] };
  if (rows.length === 0 && pauses.length === 0) return table;
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
        started_at: brDateTime(p.started_at, ctx.tz),
        ended_at: brDateTime(p.ended_at, ctx.tz),
        duration: secondsBetween(p.started_at, p.ended_at),
        ended_by: p.ended_by ? (ENDED_BY[p.ended_by] ?? p.ended_by) : 'Em andamento',
      })),
    },
  ];
  return table;
};
