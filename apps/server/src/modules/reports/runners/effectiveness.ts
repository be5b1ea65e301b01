import { floorPercent, REPORTS, type TReportColumn, type TReportTable } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import { dailyWhere, nameOf, num, rowsOf, userNames } from './common';

const COLUMNS: TReportColumn[] = [
  { key: 'operator', label: 'Operador', kind: 'text' },
  { key: 'closed', label: 'Atendimentos encerrados', kind: 'int' },
  { key: 'success', label: 'Encerrados com sucesso', kind: 'int' },
  { key: 'percent', label: 'Efetividade (%)', kind: 'percent' },
];

/** Per operator (report_daily): closings, those with a status that counts as success, and the percent. */
export const runEffectiveness: ReportRunner = async (ctx) => {
  const def = REPORTS.effectiveness;
  const rows = await rowsOf<{ operator_id: number; closed: string; success: string }>(
    ctx.db,
    sql`select h.operator_id, sum(h.closed) as closed,
          coalesce(sum(h.closed) filter (where s.success), 0) as success
        from report_daily h
        left join statuses s on s.company_id = h.company_id and s.id = h.status_id
        where ${dailyWhere(ctx, def.filters)} and h.operator_id <> 0
        group by h.operator_id
        having sum(h.closed) > 0`,
  );
  const table: TReportTable = { title: def.title, columns: COLUMNS, rows: [], totals: null };
  if (rows.length === 0) return table;
  const names = await userNames(ctx.db, ctx.companyId);
  table.rows = rows
    .map((r) => ({
      operator: nameOf(names, r.operator_id),
      closed: num(r.closed),
      success: num(r.success),
      percent: floorPercent(num(r.success), num(r.closed)),
    }))
    .sort((a, b) => a.operator.localeCompare(b.operator, 'pt-BR'));
  const closed = table.rows.reduce((a, r) => a + num(r.closed), 0);
  const success = table.rows.reduce((a, r) => a + num(r.success), 0);
  table.totals = { operator: 'Total', closed, success, percent: floorPercent(success, closed) };
  return table;
};
