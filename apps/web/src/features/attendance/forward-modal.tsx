import { Button, Group, Modal, Radio, ScrollArea, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { TCard, TMessage } from '@prosa/shared/attendance';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { channelLabel } from '../../components/channel-icon';
import { useAttendanceList } from './api';
import { useForwardMessage } from './use-card-actions';

type Props = { card: TCard; message: TMessage | null; onClose: () => void };

const matches = (c: TCard, term: string) =>
  !term || c.name.toLowerCase().includes(term) || c.protocol.includes(term);

/** Forwards one message to another open attendance the user sees. */
export function ForwardModal({ card, message, onClose }: Props) {
  const opened = message !== null;
  const list = useAttendanceList({ filter: 'all', page: 1 }, opened);
  const forward = useForwardMessage(card);
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const term = search.trim().toLowerCase();
  const choices = (list.data?.items ?? []).filter((c) => c.id !== card.id && matches(c, term));

  const close = () => {
    setSearch('');
    setTarget(null);
    onClose();
  };
  const submit = () => {
    if (!message || !target) return;
    forward.mutate(
      { message_id: message.message_id, target_attendance_id: Number(target) },
      { onSuccess: close },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Encaminhar mensagem" zIndex={300} centered size="md">
      <Stack>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
          “{message?.text}”
        </Text>
        <TextInput
          label="Buscar atendimento"
          placeholder="Nome do contato ou protocolo"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
        />
        {list.isPending ? (
          <Stack gap="xs" aria-label="Carregando atendimentos">
            <Skeleton h={20} />
            <Skeleton h={20} />
          </Stack>
        ) : (
          <Radio.Group label="Encaminhar para" value={target} onChange={setTarget}>
            <ScrollArea.Autosize mah={280} mt="xs" type="auto">
              <Stack gap="xs" pr="sm">
                {choices.map((c) => (
                  <Radio
                    key={c.id}
                    value={String(c.id)}
                    label={c.name}
                    description={`${channelLabel(c.channel_kind)} · ${c.protocol}`}
                  />
                ))}
                {choices.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Nenhum outro atendimento aberto encontrado.
                  </Text>
                ) : null}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={!target} loading={forward.isPending}>
            Encaminhar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
