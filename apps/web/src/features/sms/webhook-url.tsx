import { ActionIcon, Code, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { copyWithToast } from '../multichannel/links';
import { useSmsApiKey } from './api';

/** get_api_key: the address to paste in the broker's panel (inbound messages and delivery reports). */
export function WebhookUrl({ channelId }: { channelId: number }) {
  const key = useSmsApiKey(channelId);
  if (key.isPending) return <Skeleton h={48} />;
  if (key.isError)
    return (
      <Text size="sm" c="red">
        {errorMessage(key.error, 'Não foi possível carregar o endereço do webhook.')}
      </Text>
    );
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Webhook do broker
      </Text>
      <Text size="xs" c="dimmed">
        Cadastre este endereço no painel do broker para receber as mensagens e os status de entrega. Brokers
        que aceitam cabeçalho podem usar o endereço sem a chave e enviá-la em {key.data.header}.
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code block style={{ flex: 1, overflowX: 'auto' }}>
          {key.data.webhook_url}
        </Code>
        <Tooltip label="Copiar">
          <ActionIcon
            variant="light"
            aria-label="Copiar endereço do webhook"
            onClick={() => copyWithToast(key.data.webhook_url)}
          >
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}
