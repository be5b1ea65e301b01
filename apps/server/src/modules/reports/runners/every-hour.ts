import { REPORTS, type TReportColumn, type TReportTable } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import { hourlyWhere, num, rowsOf, sumRows } from './common';

const COLUMNS: TReportColumn[] = [
  { key: 'hour', label: 'Hora', kind: 'text' },
  { key: 'opened', label: 'Abertos', kind: 'int' },
  { key: 'closed', label: 'Encerrados', kind: 'int' },
  { key: 'messages_in', label: 'Mensagens recebidas', kind: 'int' },
  { key: 'messages_out', label: 'Mensagens enviadas', kind: 'int' },
];
const MEASURES = ['opened', 'closed', 'messages_in', 'messages_out'];

/**
 * Each hour of the day (00h…23h in the company's timezone) over the period (report_hourly): attendances opened
 * and closed, messages in and out; a line chart of them. Messages have no sector, so a sector filter leaves
 * them out.
 */
export const runEveryHour: ReportRunner = async (ctx) => {
  const def = REPORTS['every-hour'];
  const rows = await rowsOf<{ h: number; opened: string; closed: string; mi: string; mo: string }>(
    ctx.db,
    sql`select extract(hour from h.hour at time zone ${ctx.tz})::int as h, sum(h.opened) as opened,
          sum(h.closed) as closed, sum(h.messages_in) as mi, sum(h.messages_out) as mo
        from report_hourly h
        where ${hourlyWhere(ctx, def.filters)}
        group by 1`,
  );
  const table: TReportTable = { title: def.title, columns: COLUMNS, rows: [], totals: null, charts: [] };
  const byHour = new Map(rows.map((r) => [r.h, r]));
  const all = Array.from({ length: 24 }, (_, h) => {
    const r = byHour.get(h);
    return {
      hour: `${String(h).padStart(2, '0')}h`,
      opened: num(r?.opened),
      closed: num(r?.closed),
      messages_in: num(r?.mi),
      messages_out: num(r?.mo),
    };
  });
  if (all.every((r) => MEASURES.every((k) => r[k as keyof typeof r] === 0))) return table;
  table.rows = all;
  table.totals = sumRows(all, MEASURES, { key: 'hour', label: 'Total' });
  table.charts = [
    {
      title: 'Atendimentos e mensagens por hora',
      type: 'line',
      dataKey: 'hour',
      series: COLUMNS.slice(1).map((c) => ({ name: c.key, label: c.label })),
      data: all,
    },
  ];
  return table;
};
