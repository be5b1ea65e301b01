import { Alert, Button, Card, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { type TChannelTriggers, TRIGGER_MSG } from '@prosa/shared/triggers';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { useSectors } from '../sectors/api';
import { useStatuses } from '../statuses/api';
import { type TTriggerChannel, useChannelTriggers } from './api';
import { OtherTriggerCard } from './other-trigger-card';
import { OTHER_KINDS_SHOWN } from './other-trigger-values';
import { TextTriggersSection } from './text-triggers-section';
import { UseTriggersFrom } from './use-triggers-from';

type Props = {
  channel: TTriggerChannel;
  channels: TTriggerChannel[];
  onOpen: (channel: TTriggerChannel) => void;
};

/** One channel's triggers; read-only, showing the source's, while it uses another channel's triggers. */
export function ChannelTriggersEditor({ channel, channels, onOpen }: Props) {
  const own = useChannelTriggers({ type: channel.type, id: channel.id });
  const sourceId = own.data?.use_trigger_from_channel_id ?? null;
  const source = sourceId === null ? null : (channels.find((c) => c.id === sourceId) ?? null);
  const fromSource = useChannelTriggers(source ? { type: source.type, id: source.id } : null);

  if (own.isPending) return <Skeleton h={240} radius="md" />;
  if (own.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={TRIGGER_MSG.loadError}>
        {errorMessage(own.error, 'Tente novamente em instantes.')}
      </Alert>
    );

  const readOnly = sourceId !== null;
  return (
    <Stack gap="md">
      <Card padding="md">
        <UseTriggersFrom channel={channel} data={own.data} channels={channels} />
      </Card>
      {readOnly ? (
        <Alert color="blue" icon={<IconInfoCircle />} title="Este canal usa os gatilhos de outro canal">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {source
                ? `Os gatilhos de ${source.name} (${source.kind_label}) respondem neste canal. Eles aparecem abaixo somente para leitura: edite-os no canal de origem.`
                : TRIGGER_MSG.readOnly}
            </Text>
            {source ? (
              <Button size="xs" variant="light" onClick={() => onOpen(source)}>
                Abrir canal de origem
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {readOnly ? (
        source && fromSource.data ? (
          <TriggersTabs channel={channel} data={fromSource.data} readOnly />
        ) : fromSource.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title={TRIGGER_MSG.loadError}>
            {errorMessage(fromSource.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : source ? (
          <Skeleton h={240} radius="md" />
        ) : null
      ) : (
        <TriggersTabs channel={channel} data={own.data} readOnly={false} />
      )}
    </Stack>
  );
}

function TriggersTabs(props: { channel: TTriggerChannel; data: TChannelTriggers; readOnly: boolean }) {
  const { channel, data, readOnly } = props;
  const sectors = useSectors();
  const statuses = useStatuses();
  const sectorOptions = (sectors.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  const finishStatuses = (statuses.data ?? [])
    .filter((s) => s.should_close === 1)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const target = { type: channel.type, id: channel.id };
  const triggerTexts = [...new Set(data.text.map((t) => t.trigger_text.trim()).filter((t) => t !== ''))];
  return (
    <Tabs defaultValue="text" keepMounted>
      <Tabs.List mb="md">
        <Tabs.Tab value="text">Gatilhos de texto ({data.text.length})</Tabs.Tab>
        <Tabs.Tab value="others">Outros gatilhos ({data.others.length})</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="text">
        <TextTriggersSection
          channel={target}
          list={data.text}
          readOnly={readOnly}
          sectors={sectorOptions}
          finishStatuses={finishStatuses}
        />
      </Tabs.Panel>
      <Tabs.Panel value="others">
        <Stack gap="sm">
          {OTHER_KINDS_SHOWN.map((kind) => (
            <OtherTriggerCard
              key={kind}
              kind={kind}
              channel={target}
              saved={data.others.find((o) => o.trigger_type === kind)}
              others={data.others}
              finishStatuses={finishStatuses}
              triggerTexts={triggerTexts}
              readOnly={readOnly}
            />
          ))}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
