import { Table } from '@mantine/core';
import { formatDuration, type TReportCell, type TReportColumn } from '@prosa/shared/reports';

/** A cell of a dashboard table by its column kind (durations HH:MM:SS, percents with a comma). */
export function cellText(column: TReportColumn, value: TReportCell | undefined): string {
  if (value === null || value === undefined) return '—';
  if (column.kind === 'duration' && typeof value === 'number') return formatDuration(value);
  if (column.kind === 'percent' && typeof value === 'number')
    return `${value.toFixed(2).replace('.', ',')} %`;
  if (typeof value === 'number') return value.toLocaleString('pt-BR');
  return value;
}

export function HeaderRow({ columns }: { columns: TReportColumn[] }) {
  return (
    <Table.Tr>
      {columns.map((c) => (
        <Table.Th key={c.key} ta={c.kind === 'text' || c.kind === 'datetime' ? 'left' : 'right'}>
          {c.label}
        </Table.Th>
      ))}
    </Table.Tr>
  );
}

export function Cells({ columns, row }: { columns: TReportColumn[]; row: Record<string, TReportCell> }) {
  return (
    <>
      {columns.map((c) => (
        <Table.Td key={c.key} ta={c.kind === 'text' || c.kind === 'datetime' ? 'left' : 'right'}>
          {cellText(c, row[c.key])}
        </Table.Td>
      ))}
    </>
  );
}
