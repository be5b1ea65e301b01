import { Alert, Box, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { WAWEB_QR_SIZE } from '@prosa/shared/channel-monitor';
import { type TWawebChannel, WAWEB_MSG } from '@prosa/shared/waweb';
import { isWawebRunning, WAWEB_STATE_LABEL } from '@prosa/shared/waweb-states';
import { IconAlertCircle, IconPlayerPlay, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { toDataURL } from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import type { TWawebAction } from './api';
import { WawebStateSince } from './waweb-state-badge';

type Props = {
  /** The number as the list holds it (kept current by channel-update and qr-text); null: closed. */
  channel: TWawebChannel | null;
  /** The action in flight, to show its button loading. */
  pending: TWawebAction | null;
  onAction: (action: TWawebAction) => void;
  onClose: () => void;
};

const LOADING_STATES = new Set<TWawebChannel['state']>([
  'UNLAUNCHED',
  'OPENING',
  'window-opening',
  'PAIRING',
]);

/** The WhatsApp panel (spec 2 §4): the QR to scan, replaced on every qr-text, hidden once CONNECTED. */
export function WawebQrModal({ channel, pending, onAction, onClose }: Props) {
  const state = channel?.state ?? null;
  const previous = useRef(state);
  // Connected while the panel is open: the QR's job is done.
  useEffect(() => {
    if (state === 'CONNECTED' && previous.current !== null && previous.current !== 'CONNECTED') {
      toast.success(WAWEB_STATE_LABEL.CONNECTED);
      onClose();
    }
    previous.current = state;
  }, [state, onClose]);

  return (
    <Modal
      opened={channel !== null}
      onClose={onClose}
      title={channel ? `Ler QR — ${channel.name}` : ''}
      size="auto"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {channel ? <Panel channel={channel} pending={pending} onAction={onAction} /> : null}
    </Modal>
  );
}

function Panel({
  channel,
  pending,
  onAction,
}: Omit<Props, 'onClose' | 'channel'> & { channel: TWawebChannel }) {
  const running = isWawebRunning(channel.state);
  const busy = pending !== null;
  const action = (a: TWawebAction, label: string, icon: typeof IconRefresh, variant = 'filled') => {
    const Icon = icon;
    return (
      <Button
        variant={variant}
        leftSection={<Icon size={16} />}
        loading={pending === a}
        disabled={busy && pending !== a}
        onClick={() => onAction(a)}
      >
        {label}
      </Button>
    );
  };

  return (
    <Stack gap="md" w={{ base: '100%', xs: 360 }} align="stretch">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Situação
        </Text>
        <WawebStateSince state={channel.state} since={channel.state_since} />
      </Group>
      {channel.last_error ? (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {channel.last_error}
        </Alert>
      ) : null}
      <Center mih={WAWEB_QR_SIZE} bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Body channel={channel} />
      </Center>
      <Group justify="center" gap="sm">
        {!running ? action('start', 'Iniciar', IconPlayerPlay) : null}
        {channel.state === 'UNPAIRED_IDLE' || (channel.state === 'UNPAIRED' && !channel.qr)
          ? action('refresh', 'Gerar novo QR', IconRefresh)
          : null}
        {channel.state === 'TIMEOUT' ? action('refresh', 'Atualizar', IconRefresh) : null}
        {running ? action('stop', 'Parar', IconPlayerStop, 'default') : null}
      </Group>
    </Stack>
  );
}

function Body({ channel }: { channel: TWawebChannel }) {
  if (!isWawebRunning(channel.state)) {
    return (
      <Text size="sm" c="dimmed" ta="center" px="md">
        {channel.state === 'server-disconnected'
          ? WAWEB_STATE_LABEL['server-disconnected']
          : WAWEB_MSG.notRunning}
        .
        <br />
        Inicie o número para gerar o QR.
      </Text>
    );
  }
  if (channel.state === 'UNPAIRED' && channel.qr) return <QrImage text={channel.qr} />;
  if (channel.state === 'CONNECTED') {
    return (
      <Text size="sm" ta="center" px="md">
        Número conectado. Nada a ler.
      </Text>
    );
  }
  if (channel.state === 'UNPAIRED_IDLE') {
    return (
      <Text size="sm" c="dimmed" ta="center" px="md">
        {WAWEB_STATE_LABEL.UNPAIRED_IDLE}: ninguém leu o código a tempo.
        <br />
        Gere um novo QR para tentar de novo.
      </Text>
    );
  }
  if (LOADING_STATES.has(channel.state) || channel.state === 'UNPAIRED') {
    return (
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {channel.state === 'UNPAIRED' ? 'Gerando QR…' : `${WAWEB_STATE_LABEL[channel.state]}…`}
        </Text>
      </Stack>
    );
  }
  return (
    <Text size="sm" c="dimmed" ta="center" px="md">
      {WAWEB_STATE_LABEL[channel.state]}
    </Text>
  );
}

/** The QR drawn in the browser from the text the session shows (no image travels). */
function QrImage({ text }: { text: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    toDataURL(text, { width: WAWEB_QR_SIZE, margin: 1, errorCorrectionLevel: 'L' })
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <Stack align="center" gap="xs" p="sm">
      <Box w={WAWEB_QR_SIZE} h={WAWEB_QR_SIZE} bg="white">
        {src ? (
          <img
            src={src}
            width={WAWEB_QR_SIZE}
            height={WAWEB_QR_SIZE}
            alt="QR code do WhatsApp"
            style={{ display: 'block' }}
          />
        ) : null}
      </Box>
      <Text size="xs" c="dimmed" ta="center" maw={WAWEB_QR_SIZE}>
        No celular, abra o WhatsApp › Aparelhos conectados › Conectar um aparelho e aponte a câmera para o
        código.
      </Text>
    </Stack>
  );
}
