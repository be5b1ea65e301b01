import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { TRIGGER_MSG } from '@prosa/shared/triggers';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import type { TTriggerChannel } from './api';
import { useCopyTriggers } from './api';
import { channelOptions, copyProblem } from './channel-options';

type Props = {
  opened: boolean;
  channels: TTriggerChannel[];
  /** The channel open in the editor: the default source. */
  current: number | null;
  onClose: () => void;
  onCopied: (to: TTriggerChannel) => void;
};

/** Copies every trigger of a channel to another, replacing the target's, after a confirmation. */
export function CopyTriggersModal({ opened, channels, current, onClose, onCopied }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Copiar gatilhos" centered size="md">
      {opened ? (
        <CopyForm channels={channels} current={current} onClose={onClose} onCopied={onCopied} />
      ) : null}
    </Modal>
  );
}

function CopyForm({ channels, current, onClose, onCopied }: Omit<Props, 'opened'>) {
  const [from, setFrom] = useState<number | null>(current);
  const [to, setTo] = useState<number | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const copy = useCopyTriggers();
  const problem = copyProblem(from, to);
  const options = channelOptions(channels);
  const target = channels.find((c) => c.id === to);
  const source = channels.find((c) => c.id === from);

  if (confirming && target && source) {
    return (
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Confirme a cópia">
          Todos os gatilhos do canal <b>{target.name}</b> serão substituídos pelos gatilhos de{' '}
          <b>{source.name}</b>. Deseja continuar?
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={copy.isPending} onClick={() => setConfirming(false)}>
            Voltar
          </Button>
          <Button
            color="red"
            loading={copy.isPending}
            onClick={() =>
              copy.mutate(
                { from, to },
                {
                  onSuccess: () => {
                    onCopied(target);
                    onClose();
                  },
                },
              )
            }
          >
            Substituir gatilhos
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Os gatilhos do canal de origem são copiados para o canal de destino.
      </Text>
      <Select
        label="Canal de origem"
        withAsterisk
        placeholder="Selecione o canal"
        searchable
        data={options}
        value={from === null ? null : String(from)}
        onChange={(v) => setFrom(v ? Number(v) : null)}
        error={attempted && from === null ? TRIGGER_MSG.copyMissing : undefined}
      />
      <Select
        label="Canal de destino"
        withAsterisk
        placeholder="Selecione o canal"
        searchable
        data={options}
        value={to === null ? null : String(to)}
        onChange={(v) => setTo(v ? Number(v) : null)}
        error={
          attempted && problem && (to === null || problem === TRIGGER_MSG.copySame) ? problem : undefined
        }
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          onClick={() => {
            setAttempted(true);
            if (!problem) setConfirming(true);
          }}
        >
          Copiar
        </Button>
      </Group>
    </Stack>
  );
}
