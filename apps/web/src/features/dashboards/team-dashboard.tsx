import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  NumberInput,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { DASHBOARD_MSG, ZTeamGoalInput } from '@prosa/shared/reports';
import { IconAlertCircle, IconTarget, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useSaveTeamGoal, useTeamDashboard } from './api';
import { DashboardFilters, todayFilter } from './dashboard-filters';

/** Team management: each operator's closed attendances against the company's goal, ranked. */
export function TeamDashboard() {
  const [filter, setFilter] = useState(todayFilter);
  const q = useTeamDashboard(filter);
  const save = useSaveTeamGoal();
  const [goal, setGoal] = useState<string | number>('');
  const [goalError, setGoalError] = useState<string | undefined>();
  const stored = q.data?.goal ?? null;
  useEffect(() => {
    if (stored !== null) setGoal(stored);
  }, [stored]);
  const d = q.data;
  const submit = () => {
    const parsed = ZTeamGoalInput.safeParse({ goal: typeof goal === 'number' ? goal : Number.NaN });
    if (!parsed.success) return setGoalError(DASHBOARD_MSG.goalInvalid);
    setGoalError(undefined);
    save.mutate(parsed.data);
  };
  return (
    <Stack gap="lg">
      <DashboardFilters value={filter} onChange={setFilter} channel />
      <Card withBorder radius="md" padding="md">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Group align="flex-end" gap="md">
            <NumberInput
              label="Meta de atendimentos finalizados no período"
              leftSection={<IconTarget size={16} />}
              min={1}
              max={100000}
              allowDecimal={false}
              clampBehavior="none"
              value={goal}
              onChange={setGoal}
              error={goalError}
              w={320}
            />
            <Button type="submit" loading={save.isPending}>
              Salvar meta
            </Button>
          </Group>
        </form>
      </Card>
      {q.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={DASHBOARD_MSG.loadError}>
          {errorMessage(q.error, DASHBOARD_MSG.loadError)}
        </Alert>
      ) : null}
      {d && d.goal === null ? (
        <Alert color="blue" variant="light" icon={<IconTarget />}>
          {DASHBOARD_MSG.goalMissing}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="lg">
        {!d ? (
          <Skeleton h={240} aria-busy="true" />
        ) : d.rows.length === 0 ? (
          <EmptyState py="xl" icon={<IconUsers size={28} />} title={DASHBOARD_MSG.noOperators} />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label="Ranking da equipe">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>#</Table.Th>
                  <Table.Th>Operador</Table.Th>
                  <Table.Th ta="right">Finalizados</Table.Th>
                  <Table.Th w="40%">Meta</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.rows.map((r) => (
                  <Table.Tr key={r.user_id}>
                    <Table.Td>{r.rank}º</Table.Td>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td ta="right">{r.closed}</Table.Td>
                    <Table.Td>
                      {r.percent === null || r.color === null ? (
                        <Text c="dimmed" size="sm">
                          —
                        </Text>
                      ) : (
                        <Group gap="sm" wrap="nowrap">
                          <Progress
                            value={Math.min(100, r.percent)}
                            color={r.color}
                            style={{ flex: 1 }}
                            aria-label={`${r.name}: ${r.percent}% da meta`}
                          />
                          <Badge color={r.color} variant="light" w={70}>
                            {r.percent}%
                          </Badge>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
