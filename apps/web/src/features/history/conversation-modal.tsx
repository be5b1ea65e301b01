import { Badge, Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { CHANNEL_LABEL, type TChannelKind } from '@prosa/shared/channels';
import { formatDateTime } from '@prosa/shared/dates';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ConversationMessages } from './conversation-messages';

/** What the header of the conversation shows: a history row, or the attendance when opened by address. */
export type TConversationHeader = {
  id: number;
  protocol: string;
  name: string;
  channel_kind: string;
  first_start_chat_at: string;
  closed_at: string | null;
  status_name: string | null;
  closed_by_user_name: string | null;
  operator_assigned_name: string | null;
};

type Props = {
  attendanceId: number | null;
  header: TConversationHeader | null;
  tz: string;
  downloading: boolean;
  onDownload: (header: TConversationHeader) => void;
  onClose: () => void;
};

/** "Ver conversa": the finalized attendance's messages with its protocol, dates, status and who finalized it. */
export function ConversationModal({ attendanceId, header, tz, downloading, onDownload, onClose }: Props) {
  return (
    <Modal
      opened={attendanceId !== null}
      onClose={onClose}
      size="xl"
      title={
        <Text fw={650} size="lg">
          {header ? `Atendimento ${header.protocol}` : 'Atendimento'}
        </Text>
      }
    >
      {attendanceId !== null ? (
        <Stack gap="md">
          {header ? <HeaderInfo header={header} tz={tz} /> : <Skeleton h={72} />}
          <ConversationMessages attendanceId={attendanceId} contactName={header?.name ?? 'Contato'} tz={tz} />
          <Group justify="flex-end">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={downloading}
              disabled={!header}
              onClick={() => header && onDownload(header)}
            >
              Baixar CSV
            </Button>
            <Button onClick={onClose}>Fechar</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function HeaderInfo({ header, tz }: { header: TConversationHeader; tz: string }) {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4 }}
      spacing="sm"
      verticalSpacing="xs"
      p="sm"
      bg="gray.0"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Info label="Contato" value={header.name} />
      <Info label="Canal" value={CHANNEL_LABEL[header.channel_kind as TChannelKind] ?? header.channel_kind} />
      <Info label="Início" value={formatDateTime(header.first_start_chat_at, tz)} />
      <Info
        label="Finalizado em"
        value={
          header.closed_at ? (
            formatDateTime(header.closed_at, tz)
          ) : (
            <Badge color="yellow" variant="light">
              Em aberto
            </Badge>
          )
        }
      />
      <Info label="Status finalização" value={header.status_name ?? '—'} />
      <Info label="Finalizado por" value={header.closed_by_user_name ?? '—'} />
      <Info label="Operador" value={header.operator_assigned_name ?? '—'} />
      <Info label="Protocolo" value={header.protocol} />
    </SimpleGrid>
  );
}

function Info({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {value}
      </Text>
    </Stack>
  );
}
