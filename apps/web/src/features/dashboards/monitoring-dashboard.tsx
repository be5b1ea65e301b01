import { Alert, Card, EmptyState, Stack, Table, Title } from '@mantine/core';
import { DASHBOARD_MSG, OPERATOR_COUNTER_LABEL } from '@prosa/shared/reports';
import { IconAlertCircle, IconUsers } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { OperatorTotals, QueueCounters } from '../distribution/monitor-panels';
import { useMonitoringDashboard } from './api';
import { DashboardChart } from './dashboard-chart';
import { DashboardSkeleton } from './stat-card';

const COLUMNS = ['online', 'paused', 'offline', 'full', 'total'] as const;

/** Distribution monitoring, now: the queue, the operators (all and per sector), today's hours; live. */
export function MonitoringDashboard() {
  const q = useMonitoringDashboard();
  const d = q.data;
  if (q.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={DASHBOARD_MSG.loadError}>
        {errorMessage(q.error, DASHBOARD_MSG.loadError)}
      </Alert>
    );
  if (!d) return <DashboardSkeleton />;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={4}>Atendimentos abertos</Title>
          <QueueCounters counters={d.counters} />
        </Stack>
      </Card>
      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={4}>Operadores</Title>
            <OperatorTotals totals={d.operators} />
            {d.sectors.length === 0 ? (
              <EmptyState py="md" icon={<IconUsers size={28} />} title={DASHBOARD_MSG.noOperators} />
            ) : (
              <Table.ScrollContainer minWidth={420}>
                <Table striped aria-label="Operadores por setor">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Setor</Table.Th>
                      {COLUMNS.map((c) => (
                        <Table.Th key={c} ta="right">
                          {OPERATOR_COUNTER_LABEL[c]}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.sectors.map((s) => (
                      <Table.Tr key={s.sectorId}>
                        <Table.Td>{s.name}</Table.Td>
                        {COLUMNS.map((c) => (
                          <Table.Td key={c} ta="right">
                            {s[c]}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Card>
        <DashboardChart chart={d.byHour} />
      </Stack>
    </Stack>
  );
}
