import { Badge, Group, Modal, Skeleton, Stack, Table, Text, Timeline } from '@mantine/core';
import { formatDateTime } from '@prosa/shared/dates';
import { IconCircleCheck, IconMessageCircle } from '@tabler/icons-react';
import { useContactTimeline, useViewedBy } from './api';
import { channelLabel } from './channel-icon';

type Props = { attendanceId: number; opened: boolean; onClose: () => void; tz: string };

function Loading({ label }: { label: string }) {
  return (
    <Stack gap="xs" aria-label={label}>
      <Skeleton h={18} />
      <Skeleton h={18} w="80%" />
      <Skeleton h={18} w="60%" />
    </Stack>
  );
}

/** The contact's attendances on every channel, newest first. */
export function TimelineModal({ attendanceId, opened, onClose, tz }: Props) {
  const timeline = useContactTimeline(attendanceId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Histórico do contato" zIndex={300} size="lg" centered>
      {timeline.isPending ? (
        <Loading label="Carregando histórico" />
      ) : timeline.isError ? (
        <Text size="sm" c="red.7">
          Não foi possível carregar o histórico deste contato.
        </Text>
      ) : (
        <Timeline bulletSize={22} lineWidth={2} active={-1}>
          {timeline.data.map((entry) => (
            <Timeline.Item
              key={entry.id}
              bullet={entry.closed_at ? <IconCircleCheck size={14} /> : <IconMessageCircle size={14} />}
              title={
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    Protocolo {entry.protocol}
                  </Text>
                  {entry.id === attendanceId ? (
                    <Badge size="xs" variant="light">
                      Este atendimento
                    </Badge>
                  ) : null}
                </Group>
              }
            >
              <Text size="xs" c="dimmed">
                {channelLabel(entry.channel_kind)} · início {formatDateTime(entry.first_start_chat_at, tz)}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.closed_at ? `Finalizado em ${formatDateTime(entry.closed_at, tz)}` : 'Em aberto'}
                {entry.status_name ? ` · ${entry.status_name}` : ''}
                {` · ${entry.operator ?? 'Sem responsável'}`}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Modal>
  );
}

/** Who opened this attendance (managers and admins, when the company allows "viewedby"). */
export function ViewedByModal({ attendanceId, opened, onClose, tz }: Props) {
  const viewed = useViewedBy(attendanceId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Visualizado por" zIndex={300} centered>
      {viewed.isPending ? (
        <Loading label="Carregando visualizações" />
      ) : viewed.isError ? (
        <Text size="sm" c="red.7">
          Não foi possível carregar as visualizações.
        </Text>
      ) : viewed.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Ninguém abriu este atendimento ainda.
        </Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Usuário</Table.Th>
              <Table.Th>Última visualização</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {viewed.data.map((v) => (
              <Table.Tr key={v.user_id}>
                <Table.Td>{v.user_name}</Table.Td>
                <Table.Td>{formatDateTime(v.viewed_at, tz)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
