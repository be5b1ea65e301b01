import { Group, Modal, Stack, Text } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import { ChannelIcon, channelLabel } from '../../components/channel-icon';
import { CardFlags, Elapsed } from './attendance-card';
import { ContactAvatar } from './contact-avatar';

/** Who the conversation is with, and where it stands: protocol, channel, sector, operator, elapsed time. */
export function ChatHeader({ card, sectorName }: { card: TCard; sectorName: string }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
      <ContactAvatar card={card} visibleFrom="xs" />
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
