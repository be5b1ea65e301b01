import {
  Alert,
  EmptyState,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
} from '@mantine/core';
import type { TPersonChannel } from '@prosa/shared/person';
import {
  IconAlertCircle,
  IconArrowMerge,
  IconFileImport,
  IconHistory,
  IconLink,
  IconPencil,
  IconPlus,
} from '@tabler/icons-react';
import { ChannelIcon, channelLabel } from '../../components/channel-icon';
import { errorMessage } from '../../lib/api';
import { usePersonChanges } from './api';
import { changeSentences } from './person-changes';

/** "Canais": the channel identities (WhatsApp number, web chat visitor, e-mail…) linked to the contact. */
export function PersonChannels({ channels }: { channels: TPersonChannel[] }) {
  if (channels.length === 0) {
    return (
      <EmptyState
        py="xl"
        icon={<IconLink size={28} />}
        title="Nenhum canal vinculado a este contato."
        description="Os canais aparecem quando o contato conversa com a empresa."
      />
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Canais do contato" style={{ listStyle: 'none' }}>
      {channels.map((c) => (
        <Paper component="li" key={c.id} withBorder radius="md" px="md" py="sm">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" radius="xl" size={34}>
              <ChannelIcon kind={c.kind} size={18} />
            </ThemeIcon>
            <Stack gap={0} miw={0}>
              <Text fw={600} size="sm" truncate>
                {c.name}
              </Text>
              <Text size="xs" c="dimmed">
                {channelLabel(c.kind)}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

const KIND_ICON: Record<string, typeof IconPencil> = {
  create: IconPlus,
  update: IconPencil,
  merge: IconArrowMerge,
  merged_into: IconArrowMerge,
  import: IconFileImport,
};

/** "Alterações": the change log as sentences, newest first. */
export function PersonChanges(props: {
  personId: number;
  active: boolean;
  tz: string;
  masks: { phone: boolean; email: boolean };
}) {
  const changes = usePersonChanges(props.personId, props.active);
  if (changes.isPending) {
    return (
      <Stack gap="sm" aria-label="Carregando alterações">
        <Skeleton h={18} w="80%" />
        <Skeleton h={18} w="65%" />
        <Skeleton h={18} w="72%" />
      </Stack>
    );
  }
  if (changes.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Erro ao carregar as alterações.">
        {errorMessage(changes.error, 'Tente novamente em instantes.')}
      </Alert>
    );
  }
  if (changes.data.length === 0) {
    return <EmptyState py="xl" icon={<IconHistory size={28} />} title="Nenhuma alteração registrada." />;
  }
  return (
    <ScrollArea.Autosize mah="64dvh" type="auto" offsetScrollbars>
      <Timeline bulletSize={26} lineWidth={2} aria-label="Alterações do contato" pb="xs">
        {changes.data.map((entry) => {
          const Icon = KIND_ICON[entry.kind] ?? IconPencil;
          const sentences = changeSentences(entry, props.tz, props.masks);
          return (
            <Timeline.Item key={entry.id} bullet={<Icon size={14} />}>
              <Stack gap={2}>
                {sentences.map((s, i) => (
                  <Text
                    // biome-ignore lint/suspicious/noArrayIndexKey: sentences of one entry, fixed order
                    key={i}
                    size="sm"
                    fw={i === 0 && entry.kind === 'merge' ? 600 : undefined}
                  >
                    {s}
                  </Text>
                ))}
              </Stack>
            </Timeline.Item>
          );
        })}
      </Timeline>
    </ScrollArea.Autosize>
  );
}
