import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { TReportCell, TReportColumn } from '@prosa/shared/reports';
import { PagePagination } from '../../components/page-pagination';
import { formatReportCell } from './report-filters';

// Dates and durations stay on one line.
const nowrap = (c: TReportColumn) =>
  c.kind === 'datetime' || c.kind === 'duration' || c.kind === 'date'
    ? { whiteSpace: 'nowrap' as const }
    : undefined;
const alignOf = (c: TReportColumn) =>
  c.kind === 'text' || c.kind === 'date' || c.kind === 'datetime' ? 'left' : 'right';

/** One table of a report: its columns by kind, the totals row last, pages when the server pages. */
export function ReportTable(props: {
  title: string;
  columns: TReportColumn[];
  rows: Record<string, TReportCell>[];
  totals?: Record<string, TReportCell> | null;
  tz: string;
  page?: number;
  pages?: number;
  total?: number;
  onPage?: (page: number) => void;
}) {
  const { columns, tz } = props;
  return (
    <Card padding={0} component="section" aria-label={props.title}>
      <Group justify="space-between" px="md" py="sm">
        <Title order={4}>{props.title}</Title>
        {props.total !== undefined ? (
          <Text size="sm" c="dimmed">
            {props.total.toLocaleString('pt-BR')} registro{props.total === 1 ? '' : 's'}
          </Text>
        ) : null}
      </Group>
      <Table.ScrollContainer minWidth={Math.max(600, columns.length * 120)} type="native">
        <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="md" aria-label={props.title}>
          <Table.Thead bg="gray.0">
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={alignOf(c)}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id of their own
              <Table.Tr key={i}>
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={alignOf(c)} style={nowrap(c)}>
                    {formatReportCell(c, row[c.key], tz)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {props.totals ? (
            <Table.Tfoot>
              <Table.Tr fw={700} bg="gray.0" aria-label="Totais">
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={alignOf(c)}>
                    {formatReportCell(c, props.totals?.[c.key], tz)}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
      </Table.ScrollContainer>
      {props.pages && props.pages > 1 && props.onPage ? (
        <Stack align="center" py="sm">
          <PagePagination total={props.pages} value={props.page ?? 1} onChange={props.onPage} />
        </Stack>
      ) : null}
    </Card>
  );
}
