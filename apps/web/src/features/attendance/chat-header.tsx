import { Avatar, Group, Modal, Stack, Text } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import { ChannelIcon, channelLabel } from '../../components/channel-icon';
import { CardFlags, Elapsed } from './attendance-card';

function initials(name: string) {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : ''}`.toUpperCase();
}

/** Who the conversation is with, and where it stands: protocol, channel, sector, operator, elapsed time. */
export function ChatHeader({ card, sectorName }: { card: TCard; sectorName: string }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
      <Avatar color="prosa" radius="xl" visibleFrom="xs">
        {initials(card.name) || '?'}
      </Avatar>
      <Stack gap={2} miw={0}>
        <Modal.Title
          fw={700}
          fz="lg"
          style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {card.name}
        </Modal.Title>
        <Group gap={6} c="dimmed" wrap="wrap" style={{ rowGap: 0 }}>
          <ChannelIcon kind={card.channel_kind} size={14} />
          <Text size="xs" c="dimmed">
            {channelLabel(card.channel_kind)}
          </Text>
          <Text size="xs" c="dimmed" aria-hidden>
            ·
          </Text>
          <Text size="xs" c="dimmed">
            Protocolo {card.protocol}
          </Text>
          <Text size="xs" c="dimmed" aria-hidden>
            ·
          </Text>
          <Text size="xs" c="dimmed">
            {sectorName}
          </Text>
          <Text size="xs" c="dimmed" aria-hidden>
            ·
          </Text>
          <Text size="xs" c="dimmed">
            {card.operator_assigned_name ?? 'Sem responsável'}
          </Text>
          <Text size="xs" c="dimmed" aria-hidden>
            ·
          </Text>
          <Elapsed from={card.last_message_at} prefix="Última mensagem há " />
          <CardFlags card={card} />
        </Group>
      </Stack>
    </Group>
  );
}
