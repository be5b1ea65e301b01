import { Alert, Card, EmptyState, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { ZCommunicationDashboard } from '@prosa/shared/messenger';
import { DASHBOARD_MSG, formatDuration } from '@prosa/shared/reports';
import { IconAlertCircle, IconMessages } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, errorMessage } from '../../lib/api';
import { dashboardQuery, type TDashboardFilter } from './api';
import { DashboardChart } from './dashboard-chart';
import { DashboardFilters, todayFilter } from './dashboard-filters';
import { dashboardKeys } from './dashboard-keys';
import { StatCard } from './stat-card';

// Under dashboardKeys.company: `update-dashboard` (an internal message or answer) refetches it.
function useCommunicationDashboard(f: TDashboardFilter) {
  return useQuery({
    queryKey: [...dashboardKeys.company, 'communication', f],
    queryFn: () =>
      apiRequest(
        `/api/dashboards/communication?${dashboardQuery({ ...f, sectorId: null, channelId: null })}`,
        { schema: ZCommunicationDashboard },
      ),
    placeholderData: keepPreviousData,
  });
}

const dayLabel = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;

/** Internal communication: messages, answers and pending questions per manager and operator in the period. */
export function CommunicationDashboard() {
  const [filter, setFilter] = useState(todayFilter);
  const q = useCommunicationDashboard(filter);
  const d = q.data;
  return (
    <Stack gap="lg">
      <DashboardFilters value={filter} onChange={setFilter} sector={false} />
      {q.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={DASHBOARD_MSG.loadError}>
          {errorMessage(q.error, DASHBOARD_MSG.loadError)}
        </Alert>
      ) : null}
      {!d ? (
        <Skeleton h={240} aria-busy="true" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <StatCard label="Mensagens" value={d.totals.sent} testId="communication-sent" />
            <StatCard label="Respondidas" value={d.totals.answers} testId="communication-answers" />
            <StatCard label="Aguardando resposta" value={d.totals.pending} testId="communication-pending" />
            <StatCard
              label="Tempo médio de resposta"
              value={d.totals.avg_answer_seconds === null ? '—' : formatDuration(d.totals.avg_answer_seconds)}
            />
          </SimpleGrid>
          <DashboardChart
            chart={{
              title: 'Mensagens por dia',
              type: 'bar',
              dataKey: 'day',
              series: [
                { name: 'sent', label: 'Mensagens' },
                { name: 'answers', label: 'Respondidas' },
              ],
              data: d.per_day.map((p) => ({ day: dayLabel(p.day), sent: p.sent, answers: p.answers })),
            }}
          />
          <Card withBorder radius="md" padding="lg">
            {d.rows.length === 0 ? (
              <EmptyState py="xl" icon={<IconMessages size={28} />} title={DASHBOARD_MSG.empty} />
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table striped aria-label="Comunicação por usuário">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Usuário</Table.Th>
                      <Table.Th>Função</Table.Th>
                      <Table.Th ta="right">Mensagens</Table.Th>
                      <Table.Th ta="right">Respondidas</Table.Th>
                      <Table.Th ta="right">Aguardando resposta</Table.Th>
                      <Table.Th ta="right">Tempo médio de resposta</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.rows.map((r) => (
                      <Table.Tr key={r.user_id}>
                        <Table.Td>{r.name}</Table.Td>
                        <Table.Td>{r.role === 'manager' ? 'Gestor' : 'Operador'}</Table.Td>
                        <Table.Td ta="right">{r.sent}</Table.Td>
                        <Table.Td ta="right">{r.answers}</Table.Td>
                        <Table.Td ta="right">{r.pending}</Table.Td>
                        <Table.Td ta="right">
                          {r.avg_answer_seconds === null ? (
                            <Text c="dimmed" size="sm" span>
                              —
                            </Text>
                          ) : (
                            formatDuration(r.avg_answer_seconds)
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}
