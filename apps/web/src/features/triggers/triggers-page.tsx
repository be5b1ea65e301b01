import { Alert, Button, Card, EmptyState, Select, Skeleton, Stack } from '@mantine/core';
import { TRIGGER_MSG } from '@prosa/shared/triggers';
import { IconAlertCircle, IconBolt, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { type TTriggerChannel, useTriggerChannels } from './api';
import { channelOptions } from './channel-options';
import { ChannelTriggersEditor } from './channel-triggers-editor';
import { CopyTriggersModal } from './copy-triggers-modal';
import { UnsavedGuard } from './unsaved';

/** `?type=<type>&id=<channel id>` (spec 2 §2 main.triggers): the channel whose triggers are open. */
export function selectedChannel(params: URLSearchParams, channels: readonly TTriggerChannel[]) {
  const id = Number(params.get('id'));
  const type = params.get('type');
  if (!type || !Number.isInteger(id) || id <= 0) return { state: 'none' as const };
  const channel = channels.find((c) => c.id === id && c.type === type);
  return channel ? { state: 'found' as const, channel } : { state: 'missing' as const };
}

/** /triggers: choose a channel, then edit its text triggers and the other kinds (manager and above). */
export function TriggersPage() {
  const [params, setParams] = useSearchParams();
  const channels = useTriggerChannels();
  const [copying, setCopying] = useState(false);
  const list = channels.data ?? [];
  const selected = selectedChannel(params, list);
  const current = selected.state === 'found' ? selected.channel : null;
  const open = (c: TTriggerChannel) => setParams({ type: c.type, id: String(c.id) });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Gatilhos"
        description="Respostas e ações automáticas de cada canal: gatilhos de texto, mensagens de abertura, expediente, menu e termo de aceite."
        actions={
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            disabled={list.length < 2}
            onClick={() => setCopying(true)}
          >
            Copiar gatilhos
          </Button>
        }
      />
      <Card padding="md">
        {channels.isPending ? (
          <Skeleton h={56} maw={420} />
        ) : channels.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title="Erro ao carregar os canais">
            {errorMessage(channels.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Select
            label="Canal"
            placeholder={list.length ? 'Selecione o canal' : 'Nenhum canal cadastrado'}
            searchable
            nothingFoundMessage="Nenhum canal encontrado"
            w={{ base: '100%', sm: 420 }}
            data={channelOptions(list)}
            value={current ? String(current.id) : null}
            allowDeselect={false}
            onChange={(v) => {
              const c = list.find((x) => String(x.id) === v);
              if (c) open(c);
            }}
          />
        )}
      </Card>
      {channels.isSuccess && selected.state === 'none' ? (
        <Card padding="md">
          <EmptyState
            py="xl"
            icon={<IconBolt size={28} />}
            title="Selecione um canal"
            description="Os gatilhos são configurados por canal: escolha um canal para ver e editar os dele."
          />
        </Card>
      ) : null}
      {channels.isSuccess && selected.state === 'missing' ? (
        <Alert color="red" icon={<IconAlertCircle />} title={TRIGGER_MSG.channelNotFound}>
          Escolha outro canal na lista.
        </Alert>
      ) : null}
      {current ? (
        <UnsavedGuard key={`${current.type}-${current.id}`}>
          <ChannelTriggersEditor channel={current} channels={list} onOpen={open} />
        </UnsavedGuard>
      ) : null}
      <CopyTriggersModal
        opened={copying}
        channels={list}
        current={current?.id ?? null}
        onClose={() => setCopying(false)}
        onCopied={open}
      />
    </Stack>
  );
}
