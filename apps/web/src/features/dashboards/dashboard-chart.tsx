import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Card, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { DASHBOARD_MSG, type TReportChart } from '@prosa/shared/reports';
import { IconChartBar } from '@tabler/icons-react';

const PALETTE = [
  'blue.6',
  'teal.6',
  'grape.6',
  'orange.6',
  'cyan.6',
  'pink.6',
  'lime.6',
  'indigo.6',
  'red.6',
  'gray.6',
];

const hasData = (chart: TReportChart) =>
  chart.data.some((row) => chart.series.some((s) => Number(row[s.name] ?? 0) > 0));

/** A dashboard chart (bar or donut) in its card, with an empty state when the period has nothing. */
export function DashboardChart({ chart, height = 260 }: { chart: TReportChart; height?: number }) {
  const others = chart.details?.Outros;
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Stack gap="sm">
        <Title order={4}>{chart.title}</Title>
        {!hasData(chart) ? (
          <EmptyState py="lg" icon={<IconChartBar size={28} />} title={DASHBOARD_MSG.empty} />
        ) : chart.type === 'donut' ? (
          <Group justify="center" gap="xl" wrap="wrap">
            <DonutChart
              size={180}
              thickness={26}
              withTooltip
              tooltipDataSource="segment"
              data={chart.data.map((row, i) => ({
                name: String(row[chart.dataKey]),
                value: Number(row.value ?? 0),
                color: PALETTE[i % PALETTE.length] ?? 'gray.6',
              }))}
            />
            <Stack gap={4}>
              {chart.data.map((row, i) => (
                <Group key={String(row[chart.dataKey])} gap="xs" wrap="nowrap">
                  <Text c={PALETTE[i % PALETTE.length]} fw={700} aria-hidden>
                    ●
                  </Text>
                  <Text size="sm">
                    {String(row[chart.dataKey])}: <b>{Number(row.value ?? 0)}</b>
                  </Text>
                </Group>
              ))}
            </Stack>
          </Group>
        ) : (
          <BarChart
            h={height}
            data={chart.data}
            dataKey={chart.dataKey}
            withLegend={chart.series.length > 1}
            tickLine="y"
            yAxisProps={{ allowDecimals: false }}
            series={chart.series.map((s, i) => ({
              name: s.name,
              label: s.label,
              color: s.color ?? PALETTE[i % PALETTE.length] ?? 'blue.6',
            }))}
          />
        )}
        {others ? (
          <Text size="xs" c="dimmed">
            Outros: {others}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
