import { IconListCheck } from '@tabler/icons-react';
import { MetadataTabCard, MetaSwitch, tabIcon } from '../metadata-tab-card';
import { useMetadataForm } from '../use-company-metadata';
import { MetaNumber } from '../value-tabs';

const FIELDS = ['allow.batch_close', 'batch_close_settings.max_items'] as const;

/** Settings tab 6: batch close on/off and the maximum of attendances in one action (issue 24). */
export function BatchCloseSettingsTab() {
  const form = useMetadataForm(FIELDS);
  return (
    <MetadataTabCard
      id="batch-close-settings-title"
      title="Finalização em lote"
      icon={tabIcon(IconListCheck)}
      description="Ações em massa sobre atendimentos abertos: finalizar, transferir, classificar ou enviar uma mensagem."
      form={form}
    >
      <MetaSwitch
        form={form}
        path="allow.batch_close"
        label="Ativar a finalização em lote"
        description="Desligado, o menu Ações em massa some para todos e nenhuma ação em massa pode ser criada."
      />
      <MetaNumber
        form={form}
        path="batch_close_settings.max_items"
        label="Máximo de atendimentos por ação"
        description="De 1 a 1000. Uma ação com mais atendimentos selecionados é recusada."
        suffix=" atendimentos"
      />
    </MetadataTabCard>
  );
}
