import { channelLabel } from '@prosa/shared/channels';
import { REPORTS, type TReportColumn, type TReportTable } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import type { ReportRunner } from '../types';
import { brDay, channelInfos, dailyWhere, num, rowsOf, sumRows } from './common';

const COLUMNS: TReportColumn[] = [
  { key: 'day', label: 'Dia', kind: 'date' },
  { key: 'channel', label: 'Canal', kind: 'text' },
  { key: 'kind', label: 'Tipo', kind: 'text' },
  { key: 'messages_in', label: 'Mensagens recebidas', kind: 'int' },
  { key: 'messages_out', label: 'Mensagens enviadas', kind: 'int' },
  { key: 'total', label: 'Total', kind: 'int' },
];

/** Messages received and sent per day and channel (report_daily), with totals. */
export const runMessageConsumption: ReportRunner = async (ctx) => {
  const def = REPORTS['message-consumption'];
  const rows = await rowsOf<{ day: string; channel_id: number; mi: string; mo: string }>(
    ctx.db,
    sql`select to_char(h.day, 'YYYY-MM-DD') as day, h.channel_id,
          sum(h.messages_in) as mi, sum(h.messages_out) as mo
        from report_daily h
        where ${dailyWhere(ctx, def.filters)} and h.channel_id <> 0
        group by 1, 2
        having sum(h.messages_in) + sum(h.messages_out) > 0`,
  );
  const table: TReportTable = { title: def.title, columns: COLUMNS, rows: [], totals: null };
  if (rows.length === 0) return table;
  const channels = await channelInfos(ctx.db, ctx.companyId);
  table.rows = rows
    .map((r) => {
      const ch = channels.get(r.channel_id);
      return {
        iso: r.day,
        day: brDay(r.day),
        channel: ch?.name ?? `#${r.channel_id}`,
        kind: ch ? channelLabel(ch.kind) : '',
        messages_in: num(r.mi),
        messages_out: num(r.mo),
        total: num(r.mi) + num(r.mo),
      };
    })
    .sort((a, b) => a.iso.localeCompare(b.iso) || a.channel.localeCompare(b.channel, 'pt-BR'))
    .map(({ iso: _iso, ...row }) => row);
  table.totals = sumRows(table.rows, ['messages_in', 'messages_out', 'total'], {
    key: 'day',
    label: 'Total',
  });
  return table;
};
