import { REPORTS, type TReportColumn, type TReportTable } from '@prosa/shared/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import {
  at,
  brDateTime,
  channelInfos,
  num,
  pageOf,
  rowsOf,
  secondsBetween,
  userNames,
  usersOfRole,
} from './common';

const COLUMNS: TReportColumn[] = [
  { key: 'protocol', label: 'Protocolo', kind: 'text' },
  { key: 'contact', label: 'Contato', kind: 'text' },
  { key: 'channel', label: 'Canal', kind: 'text' },
  { key: 'sector', label: 'Setor', kind: 'text' },
  { key: 'operator', label: 'Operador', kind: 'text' },
  { key: 'status', label: 'Status', kind: 'text' },
  { key: 'opened_at', label: 'Aberto em', kind: 'datetime' },
  { key: 'first_response_at', label: 'Primeira resposta em', kind: 'datetime' },
  { key: 'closed_at', label: 'Encerrado em', kind: 'datetime' },
  { key: 'tme', label: 'TME', kind: 'duration' },
  { key: 'tma', label: 'TMA', kind: 'duration' },
  { key: 'messages_in', label: 'Mensagens recebidas', kind: 'int' },
  { key: 'messages_out', label: 'Mensagens enviadas', kind: 'int' },
];

type Row = {
  id: number;
  protocol: string;
  contact: string;
  channel_id: number;
  sector: string | null;
  operator_id: number | null;
  operator_name: string | null;
  status: string | null;
  created_at: Date;
  first_start_chat_at: Date;
  first_operator_answer_at: Date | null;
  closed_at: Date | null;
  held_at: Date | null;
};

/**
 * Each attendance of the period, one row each. The period is the attendance's creation (opened in it, closed or
 * not): it is what the analytic screen lists, and the open ones show with no closing. TME and TMA as the rollups
 * book them (report-rollups/booking.ts), so this list agrees with productivity: TME = first time an operator held
 * it − first message, TMA = closing − first message. Messages are counted for the page's rows only.
 */
export const runAnalytic: ReportRunner = async (ctx) => {
  const def = REPORTS.analytic;
  const f = ctx.filters;
  const conds: SQL[] = [
    sql`a.company_id = ${ctx.companyId}`,
    sql`a.created_at >= ${at(ctx.from)}`,
    sql`a.created_at < ${at(ctx.to)}`,
  ];
  if (f.operator_id) conds.push(sql`a.operator_assigned_id = ${f.operator_id}`);
  if (f.profile_type !== null && f.profile_type !== undefined)
    conds.push(sql`a.operator_assigned_id in (${usersOfRole(ctx.companyId, f.profile_type)})`);
  if (f.channel_id) conds.push(sql`a.channel_id = ${f.channel_id}`);
  if (f.sector_id) conds.push(sql`a.sector_id = ${f.sector_id}`);
  if (f.status_id) conds.push(sql`a.status_id = ${f.status_id}`);
  const where = sql.join(conds, sql` and `);
  const [count] = await rowsOf<{ n: string }>(
    ctx.db,
    sql`select count(*) as n from attendances a where ${where}`,
  );
  const total = num(count?.n);
  const { page, limit, offset } = pageOf(ctx);
  const table: TReportTable = {
    title: def.title,
    columns: COLUMNS,
    rows: [],
    totals: null,
    total,
    ...(limit === null ? {} : { page, perPage: limit }),
  };
  if (total === 0) return table;
  const rows = await rowsOf<Row>(
    ctx.db,
    sql`select a.id, a.protocol, a.name as contact, a.channel_id, se.name as sector,
          a.operator_assigned_id as operator_id, a.operator_assigned_name as operator_name, st.name as status,
          a.created_at, a.first_start_chat_at, a.first_operator_answer_at, a.closed_at,
          (select min(t.at) from attendance_transfers t where t.company_id = a.company_id
            and t.attendance_id = a.id and t.to_operator_id is not null) as held_at
        from attendances a
        left join sectors se on se.company_id = a.company_id and se.id = a.sector_id
        left join statuses st on st.company_id = a.company_id and st.id = a.status_id
        where ${where}
        order by a.created_at, a.id
        ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`}`,
  );
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await rowsOf<{ attendance_id: number; mi: string; mo: string }>(
        ctx.db,
        sql`select attendance_id, count(*) filter (where sender_type = 0) as mi,
              count(*) filter (where sender_type <> 0) as mo
            from messages where company_id = ${ctx.companyId}
              and attendance_id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})
            group by attendance_id`,
      )
    : [];
  const byId = new Map(counts.map((c) => [Number(c.attendance_id), c]));
  // One after the other: a report runs on one transaction's client.
  const names = await userNames(ctx.db, ctx.companyId);
  const channels = await channelInfos(ctx.db, ctx.companyId);
  table.rows = rows.map((r) => {
    const c = byId.get(Number(r.id));
    return {
      protocol: r.protocol,
      contact: r.contact,
      channel: channels.get(r.channel_id)?.name ?? `#${r.channel_id}`,
      sector: r.sector ?? '',
      operator: r.operator_id ? (names.get(r.operator_id) ?? r.operator_name ?? '') : '',
      status: r.status ?? '',
      opened_at: brDateTime(r.created_at, ctx.tz),
      first_response_at: brDateTime(r.first_operator_answer_at, ctx.tz),
      closed_at: brDateTime(r.closed_at, ctx.tz),
      tme: secondsBetween(r.first_start_chat_at, r.held_at),
      tma: secondsBetween(r.first_start_chat_at, r.closed_at),
      messages_in: num(c?.mi),
      messages_out: num(c?.mo),
    };
  });
  return table;
};
