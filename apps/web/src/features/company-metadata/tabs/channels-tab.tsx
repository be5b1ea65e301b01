import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { COMPANY_CHANNEL_KINDS, COMPANY_CHANNEL_LABEL, channelFlag } from '@prosa/shared/company-channels';
import { IconInfoCircle, IconPlugConnected } from '@tabler/icons-react';
import { MetadataTabCard, MetaSwitch, tabIcon } from '../metadata-tab-card';
import { useMetadataForm } from '../use-company-metadata';

const FIELDS = COMPANY_CHANNEL_KINDS.map((k) => `allow.${channelFlag(k)}`);

/**
 * Canais (settings tab 15): the channel kinds the company uses. A kind off loses its menu entry, the creation of
 * new channels and its place in the channel-type filters; its existing channels keep working.
 */
export function ChannelsSettingsTab() {
  const form = useMetadataForm(FIELDS);
  return (
    <MetadataTabCard
      id="channels-settings-title"
      title="Canais"
      icon={tabIcon(IconPlugConnected)}
      description="Os tipos de canal que a empresa usa. Desligado, o tipo some do menu e dos filtros por canal, e novos canais dele não podem ser criados."
      form={form}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {COMPANY_CHANNEL_KINDS.map((k) => (
            <MetaSwitch
              key={k}
              form={form}
              path={`allow.${channelFlag(k)}`}
              label={COMPANY_CHANNEL_LABEL[k]}
            />
          ))}
        </SimpleGrid>
        <Alert color="blue" icon={<IconInfoCircle />} variant="light">
          Desligar um tipo não apaga nem para os canais que já existem: eles continuam recebendo e enviando
          mensagens normalmente.
        </Alert>
      </Stack>
    </MetadataTabCard>
  );
}
