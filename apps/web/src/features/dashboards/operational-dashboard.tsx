import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { DASHBOARD_MSG, OPERATIONAL_COLUMNS } from '@prosa/shared/reports';
import { IconAlertCircle, IconDownload, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { dashboardQuery, downloadCsv, useOperationalSummary } from './api';
import { DashboardFilters, todayFilter } from './dashboard-filters';
import { OperationalDetails } from './operational-details';
import { Cells, HeaderRow } from './report-cells';

/** Operational summary: each user's sessions, pauses and attendances in the period; CSV and details. */
export function OperationalDashboard() {
  const [filter, setFilter] = useState(todayFilter);
  const [user, setUser] = useState<{ id: number; name: string } | null>(null);
  const q = useOperationalSummary(filter);
  const rows = q.data?.rows ?? [];
  const [, ...figures] = OPERATIONAL_COLUMNS;
  return (
    <Stack gap="lg">
      <DashboardFilters value={filter} onChange={setFilter} />
      {q.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={DASHBOARD_MSG.loadError}>
          {errorMessage(q.error, DASHBOARD_MSG.loadError)}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text c="dimmed" size="sm">
              Clique em um usuário para ver os atendimentos e as pausas dele.
            </Text>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              disabled={rows.length === 0}
              onClick={() =>
                downloadCsv(
                  `/api/dashboards/operational-summary?${dashboardQuery({ ...filter, channelId: null }, { format: 'csv' })}`,
                  'resumo-operacional.csv',
                )
              }
            >
              Baixar CSV
            </Button>
          </Group>
          {q.isPending ? (
            <Skeleton h={240} aria-busy="true" />
          ) : rows.length === 0 ? (
            <EmptyState py="xl" icon={<IconUsers size={28} />} title={DASHBOARD_MSG.empty} />
          ) : (
            <Table.ScrollContainer minWidth={1100}>
              <Table striped highlightOnHover aria-label="Resumo operacional">
                <Table.Thead>
                  <HeaderRow columns={OPERATIONAL_COLUMNS} />
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.user_id} data-testid={`operational-row-${r.user_id}`}>
                      <Table.Td>
                        <UnstyledButton
                          c="blue.7"
                          fw={500}
                          onClick={() => setUser({ id: r.user_id, name: r.name })}
                        >
                          {r.name}
                        </UnstyledButton>
                      </Table.Td>
                      <Cells columns={figures} row={r} />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Card>
      <OperationalDetails user={user} filter={filter} onClose={() => setUser(null)} key={user?.id ?? 0} />
    </Stack>
  );
}
