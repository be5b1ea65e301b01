import { Badge, Card, Group, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { TMonitor } from '@prosa/shared/attendance-rules';
import { COUNTERS, loadLabel, loadPercent, OPERATOR_STATUS, sortOperators } from './monitor-view';

/** One number of the dashboard, named by its label (a region, so tests and screen readers find it). */
function Stat({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Card component="section" aria-label={label} padding="md">
      <Stack gap={4}>
        <Text size="xs" c="dimmed" fw={600} lh={1.3}>
          {label}
        </Text>
        <Text fz={28} fw={700} lh={1.1} c={`${color}.8`} data-testid="stat-value">
          {value.toLocaleString('pt-BR')}
        </Text>
      </Stack>
    </Card>
  );
}

export function QueueCounters({ counters }: { counters: TMonitor['counters'] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" aria-label="Atendimentos abertos">
      {COUNTERS.map((c) => (
        <Stat key={c.key} label={c.label} value={counters[c.key]} color={c.color} />
      ))}
    </SimpleGrid>
  );
}

export function OperatorTotals({ totals }: { totals: TMonitor['totals'] }) {
  const items = [
    { label: 'On-line', value: totals.online, color: 'teal' },
    { label: 'Off-line', value: totals.offline, color: 'gray' },
    { label: 'Em pausa', value: totals.paused, color: 'yellow' },
    { label: 'Lotados', value: totals.full, color: 'red' },
    { label: 'Total de atendimentos', value: totals.total, color: 'prosa' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" aria-label="Resumo dos operadores">
      {items.map((i) => (
        <Stat key={i.label} label={i.label} value={i.value} color={i.color} />
      ))}
    </SimpleGrid>
  );
}

export function OperatorsTable({ monitor }: { monitor: TMonitor }) {
  const limit = monitor.chat_per_user;
  const operators = sortOperators(monitor.operators);
  return (
    <Table.ScrollContainer minWidth={620} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-label="Operadores">
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>Nome</Table.Th>
            <Table.Th w={140}>Status</Table.Th>
            <Table.Th w={240}>Atendimentos</Table.Th>
            <Table.Th w={120}>Lotado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {operators.map((o) => {
            const status = OPERATOR_STATUS[o.status];
            return (
              <Table.Tr key={o.userId}>
                <Table.Td fw={500}>{o.name}</Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant="light">
                    {status.label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Text size="sm" fw={600} w={56} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {loadLabel(o.total, limit)}
                    </Text>
                    {limit > 0 ? (
                      <Progress
                        value={loadPercent(o.total, limit)}
                        color={o.full ? 'red' : 'prosa'}
                        flex={1}
                        maw={140}
                        aria-label={`Carga de ${o.name}`}
                      />
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {o.full ? (
                    <Badge color="red" variant="filled">
                      Lotado
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Não
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
