import {
  Alert,
  Anchor,
  Badge,
  Card,
  EmptyState,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatDateTime } from '@prosa/shared/dates';
import { DIST_MSG } from '@prosa/shared/distribution';
import { IconAlertCircle, IconInfoCircle, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { RealtimeBadge } from '../../components/realtime-badge';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useDistributionMonitor } from './api';
import { OperatorsTable, OperatorTotals, QueueCounters } from './monitor-panels';

const LOAD_ERROR = 'Erro ao carregar o monitoramento.';

/** Distribution monitoring dashboard (spec 3, real time): queue counters and each operator's load. */
export function MonitorPage() {
  const user = useCurrentUser();
  const monitor = useDistributionMonitor();
  const data = monitor.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Monitoramento"
        description="Distribuição automática em tempo real: a fila, o SLA e a carga de cada operador."
        actions={
          <>
            {data ? (
              <Badge color={data.enabled ? 'teal' : 'gray'} variant="light" size="lg" radius="sm">
                {data.enabled
                  ? `Distribuição ligada · até ${data.chat_per_user} por operador`
                  : 'Distribuição desligada'}
              </Badge>
            ) : null}
            <RealtimeBadge />
          </>
        }
      />
      {monitor.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={LOAD_ERROR}>
          {errorMessage(monitor.error, DIST_MSG.loadError)}
        </Alert>
      ) : null}
      {data && !data.enabled ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />}>
          A distribuição automática está desligada: os atendimentos esperam até alguém assumir. Ligue em{' '}
          <Anchor component={Link} to="/settings?tab=distribution" fw={500}>
            Configurações › Nova distribuição
          </Anchor>
          .
        </Alert>
      ) : null}
      {monitor.isPending ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton h={180} radius="md" />
          <Skeleton h={90} radius="md" />
          <Skeleton h={240} radius="md" />
        </Stack>
      ) : null}
      {data ? (
        <>
          <Section title="Atendimentos abertos">
            <QueueCounters counters={data.counters} />
          </Section>
          <Section title="Operadores">
            <OperatorTotals totals={data.totals} />
          </Section>
          <Card padding={0} component="section" aria-label="Carga dos operadores">
            <Group p="md" justify="space-between" gap="sm">
              <Title order={3} fz="md">
                Carga dos operadores
              </Title>
              <Group gap="xs">
                {monitor.isFetching ? <Loader size="xs" aria-label="Atualizando" /> : null}
                <Text size="xs" c="dimmed" aria-live="polite">
                  {`Atualizado em ${formatDateTime(new Date(monitor.dataUpdatedAt), user.timezone)}`}
                </Text>
              </Group>
            </Group>
            {data.operators.length > 0 ? (
              <OperatorsTable monitor={data} />
            ) : (
              <EmptyState
                py="xl"
                icon={<IconUsers size={28} />}
                title="Nenhum operador ativo"
                description="Os operadores ativos da empresa aparecem aqui com o status e os atendimentos."
              />
            )}
          </Card>
        </>
      ) : null}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={3} fz="md" c="dimmed">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
