import { REPORTS, type TReportColumn, type TReportTable } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import { avgSeconds, dailyWhere, nameOf, num, rowsOf, userNames } from './common';

const COLUMNS: TReportColumn[] = [
  { key: 'operator', label: 'Operador', kind: 'text' },
  { key: 'closed', label: 'Atendimentos encerrados', kind: 'int' },
  { key: 'messages_out', label: 'Mensagens enviadas', kind: 'int' },
  { key: 'tme', label: 'TME', kind: 'duration' },
  { key: 'tma', label: 'TMA', kind: 'duration' },
  { key: 'first_response', label: 'Tempo médio de primeira resposta', kind: 'duration' },
  { key: 'transfers', label: 'Transferências', kind: 'int' },
];

type Sums = {
  operator_id: number;
  closed: string;
  messages_out: string;
  waiting_sum: string;
  waiting_count: string;
  handling_sum: string;
  handling_count: string;
  fr_sum: string;
  fr_count: string;
  transfers: string;
};

/** Per operator (report_daily): closings, messages sent, TME, TMA, first response and transfers; totals. */
export const runProductivity: ReportRunner = async (ctx) => {
  const def = REPORTS.productivity;
  const rows = await rowsOf<Sums>(
    ctx.db,
    sql`select h.operator_id, sum(h.closed) as closed, sum(h.messages_out) as messages_out,
          sum(h.waiting_sum) as waiting_sum, sum(h.waiting_count) as waiting_count,
          sum(h.handling_sum) as handling_sum, sum(h.handling_count) as handling_count,
          sum(h.first_response_sum) as fr_sum, sum(h.first_response_count) as fr_count,
          sum(h.transfers) as transfers
        from report_daily h
        where ${dailyWhere(ctx, def.filters)} and h.operator_id <> 0
        group by h.operator_id
        having sum(h.closed) + sum(h.messages_out) + sum(h.transfers) + sum(h.waiting_count)
          + sum(h.handling_count) + sum(h.first_response_count) > 0`,
  );
  const names = await userNames(ctx.db, ctx.companyId);
  const table: TReportTable = { title: def.title, columns: COLUMNS, rows: [], totals: null };
  if (rows.length === 0) return table;
  const all = { closed: 0, out: 0, ws: 0, wc: 0, hs: 0, hc: 0, fs: 0, fc: 0, tr: 0 };
  table.rows = rows
    .map((r) => {
      all.closed += num(r.closed);
      all.out += num(r.messages_out);
      all.ws += num(r.waiting_sum);
      all.wc += num(r.waiting_count);
      all.hs += num(r.handling_sum);
      all.hc += num(r.handling_count);
      all.fs += num(r.fr_sum);
      all.fc += num(r.fr_count);
      all.tr += num(r.transfers);
      return {
        operator: nameOf(names, r.operator_id),
        closed: num(r.closed),
        messages_out: num(r.messages_out),
        tme: avgSeconds(num(r.waiting_sum), num(r.waiting_count)),
        tma: avgSeconds(num(r.handling_sum), num(r.handling_count)),
        first_response: avgSeconds(num(r.fr_sum), num(r.fr_count)),
        transfers: num(r.transfers),
      };
    })
    .sort((a, b) => String(a.operator).localeCompare(String(b.operator), 'pt-BR'));
  table.totals = {
    operator: 'Total',
    closed: all.closed,
    messages_out: all.out,
    tme: avgSeconds(all.ws, all.wc),
    tma: avgSeconds(all.hs, all.hc),
    first_response: avgSeconds(all.fs, all.fc),
    transfers: all.tr,
  };
  return table;
};
