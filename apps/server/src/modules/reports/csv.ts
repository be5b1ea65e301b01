import {
  formatDuration,
  type TReportCell,
  type TReportColumn,
  type TReportTable,
} from '@prosa/shared/reports';
import { CSV_BOM, csvLine } from '../history/csv';

function cellText(column: TReportColumn, value: TReportCell | undefined): string | number | null {
  if (value === null || value === undefined) return null;
  if (column.kind === 'duration' && typeof value === 'number') return formatDuration(value);
  if (column.kind === 'percent' && typeof value === 'number') return value.toFixed(2).replace('.', ',');
  return value;
}

/**
 * A report as CSV (spec 3 §7): the first line names the report and its period, the second holds the headers,
 * then one line per row and the totals, then the extra tables; semicolons, UTF-8 with BOM (history/csv.ts).
 */
export function reportCsv(table: TReportTable, period: string): string {
  let out = CSV_BOM + csvLine([`${table.title} - ${period}`]);
  out += csvLine(table.columns.map((c) => c.label));
  for (const row of table.rows) out += csvLine(table.columns.map((c) => cellText(c, row[c.key])));
  if (table.totals) out += csvLine(table.columns.map((c) => cellText(c, table.totals?.[c.key])));
  // Report-specific blocks (the simple report's numbers, the pause details) follow, each after an empty line.
  for (const extra of table.tables ?? []) {
    if (extra.rows.length === 0) continue;
    out += csvLine([]) + csvLine([extra.title]);
    out += csvLine(extra.columns.map((c) => c.label));
    for (const row of extra.rows) out += csvLine(extra.columns.map((c) => cellText(c, row[c.key])));
  }
  return out;
}
