import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import { capabilitiesOf, replyWindowOpen } from '@prosa/shared/channel-capabilities';
import { WAENT_MSG } from '@prosa/shared/waent';
import { IconClockOff, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { useNow } from '../../lib/use-now';
import { HsmPicker } from '../hsm/hsm-picker';

/**
 * WhatsApp's 24-hour customer-service window (spec: outside it only templates): on a WhatsApp Enterprise
 * card whose contact last wrote more than 24 h ago, says so and offers the template picker.
 */
export function WaentWindowBanner({ card }: { card: TCard }) {
  const now = useNow();
  const [picking, setPicking] = useState(false);
  // Channels without a reply window are always open.
  if (replyWindowOpen(capabilitiesOf(card.channel_kind), card.metrics.latest_contact_chat_message_at, now))
    return null;
  return (
    <Alert color="orange" variant="light" icon={<IconClockOff size={18} />} mb="xs" py={8} role="status">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div>
          <Text size="sm" fw={600}>
            {WAENT_MSG.windowClosedBanner}
          </Text>
          <Text size="xs" c="dimmed">
            O contato não escreve há mais de 24 horas: só é possível enviar um modelo (HSM) aprovado.
          </Text>
        </div>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconTemplate size={14} />}
          onClick={() => setPicking(true)}
        >
          Enviar modelo
        </Button>
      </Group>
      <Modal
        opened={picking}
        onClose={() => setPicking(false)}
        title="Enviar modelo (HSM)"
        size="lg"
        centered
      >
        {picking ? (
          <HsmPicker channelId={card.channel_id} attendanceId={card.id} onSent={() => setPicking(false)} />
        ) : null}
      </Modal>
    </Alert>
  );
}
