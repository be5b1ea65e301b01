import { Alert, Badge, Group, Modal, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { BLACKLIST_MSG } from '@prosa/shared/blacklist';
import { formatDateTime } from '@prosa/shared/dates';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { useBlockDetails } from './api';

/** Details (main.black-list-datails): the contact and its history (Bloqueio / Desbloqueio, who, when, why). */
export function BlockDetailsModal(props: { id: number | null; onClose: () => void }) {
  const details = useBlockDetails(props.id);
  const d = details.data;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      opened={props.id !== null}
      onClose={props.onClose}
      title="Detalhes do contato bloqueado"
      size="lg"
      centered
    >
      {details.isError ? (
        <Alert color="red" title={BLACKLIST_MSG.historyError}>
          {errorMessage(details.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : null}
      {details.isPending && props.id !== null ? (
        <Stack>
          <Skeleton h={20} w="60%" />
          <Skeleton h={60} />
          <Skeleton h={60} />
        </Stack>
      ) : null}
      {d ? (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Text fw={600} size="lg">
                {d.contact.contact_display}
              </Text>
              <Text size="sm" c="dimmed">
                {d.contact.prefix_label} · {d.contact.channel_name}
              </Text>
            </Stack>
            <Badge color={d.contact.status === 'accepted' ? 'red' : 'gray'} variant="light">
              {d.contact.status_label}
            </Badge>
          </Group>
          {d.contact.suggest_operator_name ? (
            <Text size="sm">Bloqueio sugerido por {d.contact.suggest_operator_name}</Text>
          ) : null}
          <Title order={5}>Histórico</Title>
          <Timeline bulletSize={26} lineWidth={2} aria-label="Histórico de bloqueio">
            {d.history.map((h) => (
              <Timeline.Item
                key={h.id}
                color={h.type === 'accepted' ? 'red' : 'teal'}
                bullet={h.type === 'accepted' ? <IconLock size={14} /> : <IconLockOpen size={14} />}
                title={h.label}
              >
                <Text size="sm">{h.description}</Text>
                <Text size="xs" c="dimmed" mt={4}>
                  {h.user_name ?? 'Sistema'} · {formatDateTime(h.created_at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {d.denied_suggests.length > 0 ? (
            <>
              <Title order={5}>Sugestões reprovadas</Title>
              {d.denied_suggests.map((s) => (
                <Stack key={s.id} gap={2}>
                  <Text size="sm">
                    {s.operator_name ?? 'Operador'}: {s.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Reprovada{s.decided_at ? ` em ${formatDateTime(s.decided_at)}` : ''}:{' '}
                    {s.reproved_description}
                  </Text>
                </Stack>
              ))}
            </>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
