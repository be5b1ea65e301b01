import { Alert, Badge, Button, Card, EmptyState, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '@prosa/shared/dates';
import {
  INTEGRATION_DELIVERY_STATUS_LABEL,
  INTEGRATION_MSG,
  type TIntegrationDeliveryStatus,
} from '@prosa/shared/integrations';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useDeliveries, useResendDelivery } from './api';

const STATUS_COLOR: Record<TIntegrationDeliveryStatus, string> = {
  pending: 'yellow',
  sent: 'teal',
  failed: 'red',
};
const EVENT_LABEL: Record<string, string> = {
  'contact.created': 'Novo contato',
  'attendance.finalized': 'Atendimento finalizado',
};

/** "Entregas recentes": the last 50 events sent to the integrations, with "Reenviar" for the failed ones. */
export function DeliveriesCard() {
  const user = useCurrentUser();
  const deliveries = useDeliveries();
  const resend = useResendDelivery();
  const list = deliveries.data?.deliveries ?? [];
  return (
    <Card padding={0}>
      <Group p="md" pb="xs" justify="space-between">
        <Title order={3} size="h5">
          Entregas recentes
        </Title>
        <Text size="xs" c="dimmed">
          As 50 últimas
        </Text>
      </Group>
      {deliveries.isError ? (
        <Alert m="md" color="red" icon={<IconAlertCircle />} title={INTEGRATION_MSG.deliveriesError}>
          {errorMessage(deliveries.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table verticalSpacing="xs" horizontalSpacing="md" aria-label="Entregas recentes">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>Data</Table.Th>
                <Table.Th>Integração</Table.Th>
                <Table.Th>Evento</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Tentativas</Table.Th>
                <Table.Th>Erro</Table.Th>
                <Table.Th w={120} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.isPending
                ? [1, 2].map((i) => (
                    <Table.Tr key={i}>
                      <Table.Td colSpan={7}>
                        <Skeleton h={16} />
                      </Table.Td>
                    </Table.Tr>
                  ))
                : null}
              {list.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{formatDateTime(d.created_at, user.timezone)}</Table.Td>
                  <Table.Td>{d.integration_name}</Table.Td>
                  <Table.Td>{EVENT_LABEL[d.event] ?? d.event}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLOR[d.status]}>
                      {INTEGRATION_DELIVERY_STATUS_LABEL[d.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c={d.last_error ? 'red' : 'dimmed'} lineClamp={2} maw={320}>
                      {d.last_error ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {d.status === 'failed' ? (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconSend size={14} />}
                        loading={resend.isPending && resend.variables === d.id}
                        onClick={() => resend.mutate(d.id)}
                      >
                        Reenviar
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {!deliveries.isPending && !deliveries.isError && list.length === 0 ? (
        <EmptyState
          py="lg"
          icon={<IconSend size={24} />}
          title="Nenhuma entrega ainda."
          description="Novos contatos e atendimentos finalizados aparecem aqui quando enviados."
        />
      ) : null}
    </Card>
  );
}
