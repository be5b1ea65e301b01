import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import { capabilitiesOf, replyWindowOpen } from '@prosa/shared/channel-capabilities';
import { IconClockOff, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { useNow } from '../../lib/use-now';
import { HsmPicker } from '../hsm/hsm-picker';
import { windowBannerText } from './window-banner-text';

/**
 * A channel's reply window, closed (WhatsApp Enterprise: 24 hours, then only templates; Messenger and Instagram:
 * 7 days, then nothing): on a card whose contact last wrote before it, says so with the channel's own text, and
 * offers the template picker where templates can be sent.
 */
export function WaentWindowBanner({ card }: { card: TCard }) {
  const now = useNow();
  const [picking, setPicking] = useState(false);
  const caps = capabilitiesOf(card.channel_kind);
  const text = windowBannerText(caps);
  // Channels without a reply window are always open.
  if (!text || replyWindowOpen(caps, card.metrics.latest_contact_chat_message_at, now)) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconClockOff size={18} />} mb="xs" py={8} role="status">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div>
          <Text size="sm" fw={600}>
            {text.title}
          </Text>
          <Text size="xs" c="dimmed">
            {text.detail}
          </Text>
        </div>
        {text.offersTemplates ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconTemplate size={14} />}
            onClick={() => setPicking(true)}
          >
            Enviar modelo
          </Button>
        ) : null}
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
