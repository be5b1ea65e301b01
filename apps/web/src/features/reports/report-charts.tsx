import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TReportChart } from '@prosa/shared/reports';

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
];
const colorOf = (i: number, own?: string) => own ?? PALETTE[i % PALETTE.length] ?? 'blue.6';

type TooltipEntry = { name?: string | number; value?: unknown; color?: string };

/** A bar's tooltip: its values, and the names and counts inside a bucket such as 'Outros' (spec 3 §4). */
function BarTooltip({
  chart,
  label,
  payload,
}: {
  chart: TReportChart;
  label?: string | number;
  payload?: readonly TooltipEntry[];
}) {
  if (!payload || payload.length === 0) return null;
  const detail = label !== undefined ? chart.details?.[String(label)] : undefined;
  return (
    <Paper px="md" py="sm" withBorder shadow="md" radius="md" maw={320}>
      <Text fw={600} size="sm" mb={4}>
        {label}
      </Text>
      {payload.map((p) => (
        <Text key={String(p.name)} size="sm">
          {chart.series.find((s) => s.name === p.name)?.label ?? p.name}: <b>{String(p.value)}</b>
        </Text>
      ))}
      {detail ? (
        <Text size="xs" c="dimmed" mt={4}>
          {detail}
        </Text>
      ) : null}
    </Paper>
  );
}

function OneChart({ chart }: { chart: TReportChart }) {
  const series = chart.series.map((s, i) => ({ name: s.name, label: s.label, color: colorOf(i, s.color) }));
  if (chart.type === 'donut') {
    const valueKey = chart.series[0]?.name ?? 'value';
    return (
      <Group justify="center" gap="xl" wrap="wrap">
        <DonutChart
          size={180}
          thickness={26}
          withTooltip
          tooltipDataSource="segment"
          data={chart.data.map((row, i) => ({
            name: String(row[chart.dataKey]),
            value: Number(row[valueKey] ?? 0),
            color: colorOf(i),
          }))}
        />
        <Stack gap={4}>
          {chart.data.map((row, i) => (
            <Text key={String(row[chart.dataKey])} size="sm">
              <Text span c={colorOf(i)} fw={700} aria-hidden>
                ●{' '}
              </Text>
              {String(row[chart.dataKey])}: <b>{Number(row[valueKey] ?? 0)}</b>
            </Text>
          ))}
        </Stack>
      </Group>
    );
  }
  if (chart.type === 'line')
    return (
      <LineChart
        h={260}
        data={chart.data}
        dataKey={chart.dataKey}
        series={series}
        withLegend={series.length > 1}
        curveType="linear"
        yAxisProps={{ allowDecimals: false }}
      />
    );
  return (
    <BarChart
      h={260}
      data={chart.data}
      dataKey={chart.dataKey}
      series={series}
      withLegend={series.length > 1}
      maxBarWidth={72}
      // Counts: whole numbers on the axis.
      yAxisProps={{ allowDecimals: false }}
      tooltipProps={{
        content: ({ label, payload }) => (
          <BarTooltip chart={chart} label={label} payload={payload as readonly TooltipEntry[] | undefined} />
        ),
      }}
    />
  );
}

/** The charts a report answers (simple report's bars, every hour's lines…), above its table. */
export function ReportCharts({ charts }: { charts: TReportChart[] }) {
  const drawn = charts.filter((c) => c.data.length > 0);
  if (drawn.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, lg: drawn.length > 1 ? 2 : 1 }} spacing="md">
      {drawn.map((chart) => (
        <Card
          key={chart.title}
          withBorder
          radius="md"
          padding="lg"
          aria-label={chart.title}
          component="section"
        >
          <Stack gap="sm">
            <Title order={4}>{chart.title}</Title>
            <OneChart chart={chart} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
