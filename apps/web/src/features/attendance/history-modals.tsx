import { Badge, Button, Group, Modal, Skeleton, Stack, Table, Text, Timeline } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import { formatDateTime } from '@prosa/shared/dates';
import type { TTimelineEntry } from '@prosa/shared/history';
import { can } from '@prosa/shared/permissions';
import { ROLE } from '@prosa/shared/roles';
import { IconCircleCheck, IconEye, IconMessageCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { channelLabel } from '../../components/channel-icon';
import { queryKeys } from '../../lib/query-keys';
import { useCurrentUser } from '../auth/session-context';
import { useContactTimeline, useViewedBy } from './api';
import { PastConversationModal } from './past-conversation-modal';

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

/** Past conversations open by the history's rule (spec 2: manager up with the "historico" permission). */
function useCanReadHistory(): boolean {
  const user = useCurrentUser();
  return user.role >= ROLE.admin || (user.role >= ROLE.manager && can(user.permissions, 'historico', 'read'));
}

/** The contact's attendances on every channel, newest first; a past one opens read-only. */
export function TimelineModal({ attendanceId, opened, onClose, tz }: Props) {
  const timeline = useContactTimeline(attendanceId, opened);
  const canRead = useCanReadHistory();
  const [past, setPast] = useState<TTimelineEntry | null>(null);
  const contactName =
    useQueryClient().getQueryData<TCard>(queryKeys.attendance(attendanceId))?.name ?? 'Contato';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Histórico do contato"
      zIndex={300}
      size="lg"
      centered
      closeOnEscape={past === null}
    >
      <PastConversationModal entry={past} contactName={contactName} tz={tz} onClose={() => setPast(null)} />
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
              {canRead && entry.id !== attendanceId ? (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  mt={4}
                  leftSection={<IconEye size={14} />}
                  aria-label={`Ver conversa do protocolo ${entry.protocol}`}
                  onClick={() => setPast(entry)}
                >
                  Ver conversa
                </Button>
              ) : null}
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
