import { REPORTS, type TReportColumn, type TReportTable } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import { avgSeconds, brDay, dailyWhere, num, rowsOf } from './common';

const COLUMNS: TReportColumn[] = [
  { key: 'day', label: 'Dia', kind: 'date' },
  { key: 'opened', label: 'Abertos', kind: 'int' },
  { key: 'closed', label: 'Encerrados', kind: 'int' },
  { key: 'tme', label: 'TME', kind: 'duration' },
  { key: 'tma', label: 'TMA', kind: 'duration' },
  { key: 'first_response', label: 'Tempo médio de primeira resposta', kind: 'duration' },
  { key: 'messages_in', label: 'Mensagens recebidas', kind: 'int' },
  { key: 'messages_out', label: 'Mensagens enviadas', kind: 'int' },
  { key: 'sla_breaches', label: 'Fora do SLA', kind: 'int' },
  { key: 'transfers', label: 'Transferências', kind: 'int' },
  { key: 'pauses', label: 'Pausas', kind: 'int' },
  { key: 'pause_seconds', label: 'Tempo em pausa', kind: 'duration' },
  { key: 'sessions', label: 'Sessões', kind: 'int' },
  { key: 'session_seconds', label: 'Tempo em sessão', kind: 'duration' },
];
const COUNTS = [
  'opened',
  'closed',
  'messages_in',
  'messages_out',
  'sla_breaches',
  'transfers',
  'pauses',
  'pause_seconds',
  'sessions',
  'session_seconds',
] as const;
const PAIRS = [
  ['tme', 'waiting_sum', 'waiting_count'],
  ['tma', 'handling_sum', 'handling_count'],
  ['first_response', 'first_response_sum', 'first_response_count'],
] as const;

type Day = Record<(typeof COUNTS)[number] | (typeof PAIRS)[number][1 | 2], string> & { day: string };

/** Every measure of report_daily, day by day in the company's timezone, with a totals row. */
export const runComplete: ReportRunner = async (ctx) => {
  const def = REPORTS.complete;
  const measures = [...COUNTS, ...PAIRS.flatMap((p) => [p[1], p[2]])];
  const rows = await rowsOf<Day>(
    ctx.db,
    sql`select to_char(h.day, 'YYYY-MM-DD') as day,
          ${sql.join(
            measures.map((m) => sql`sum(h.${sql.identifier(m)}) as ${sql.identifier(m)}`),
            sql`, `,
          )}
        from report_daily h
        where ${dailyWhere(ctx, def.filters)}
        group by 1 order by 1`,
  );
  const table: TReportTable = { title: def.title, columns: COLUMNS, rows: [], totals: null };
  const useful = rows.filter((r) => measures.some((m) => num(r[m]) !== 0));
  if (useful.length === 0) return table;
  const all: Record<string, number> = Object.fromEntries(measures.map((m) => [m, 0]));
  table.rows = useful.map((r) => {
    const out: Record<string, string | number | null> = { day: brDay(r.day) };
    for (const m of measures) all[m] = (all[m] ?? 0) + num(r[m]);
    for (const c of COUNTS) out[c] = num(r[c]);
    for (const [key, s, n] of PAIRS) out[key] = avgSeconds(num(r[s]), num(r[n]));
    return out;
  });
  const totals: Record<string, string | number | null> = { day: 'Total' };
  for (const c of COUNTS) totals[c] = all[c] ?? 0;
  for (const [key, s, n] of PAIRS) totals[key] = avgSeconds(all[s] ?? 0, all[n] ?? 0);
  table.totals = totals;
  return table;
};
