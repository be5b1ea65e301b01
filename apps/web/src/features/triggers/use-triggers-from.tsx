import { Group, Select, Stack, Text } from '@mantine/core';
import type { TChannelTriggers } from '@prosa/shared/triggers';
import type { TTriggerChannel } from './api';
import { useUseTriggersFrom } from './api';
import { channelOptions } from './channel-options';

type Props = {
  channel: { type: string; id: number };
  data: TChannelTriggers;
  channels: TTriggerChannel[];
};

/** "Usar gatilhos de outro canal" (use_trigger_from_channel_id): set, changed or cleared at once. */
export function UseTriggersFrom({ channel, data, channels }: Props) {
  const use = useUseTriggersFrom(channel);
  const usedBy = data.used_by;
  // A channel whose triggers others use cannot use another's (the server refuses it with its message).
  const locked = usedBy.length > 0 && data.use_trigger_from_channel_id === null;
  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-end">
        <Select
          label="Usar gatilhos de outro canal"
          placeholder="Não, este canal tem os próprios gatilhos"
          searchable
          clearable
          w={{ base: '100%', sm: 420 }}
          data={channelOptions(channels, channel.id)}
          value={data.use_trigger_from_channel_id === null ? null : String(data.use_trigger_from_channel_id)}
          disabled={use.isPending || locked}
          onChange={(v) => use.mutate(v ? Number(v) : null)}
        />
      </Group>
      {usedBy.length > 0 ? (
        <Text size="xs" c="dimmed">
          Os gatilhos deste canal também são usados por: {usedBy.map((c) => c.name).join(', ')}.
        </Text>
      ) : null}
    </Stack>
  );
}
