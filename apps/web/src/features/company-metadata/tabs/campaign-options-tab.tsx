import { Select } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useSectors } from '../../sectors/api';
import { MetadataTabCard, tabIcon } from '../metadata-tab-card';
import { useMetadataForm } from '../use-company-metadata';
import { MetaNumber } from '../value-tabs';

const FIELDS = ['campaign_options.maxCampaignAssignmentTime', 'campaign_options.reply_sector_id'] as const;

/**
 * Opções de campanha (attendance settings, issue 24): how a customer's reply to a campaign becomes an attendance —
 * within how many hours of the campaign message it counts as a reply (0: never), and which sector it opens in.
 */
export function CampaignOptionsTab() {
  const form = useMetadataForm(FIELDS);
  const sectors = useSectors();
  const sectorId = form.values['campaign_options.reply_sector_id'];
  return (
    <MetadataTabCard
      id="campaign-options-title"
      title="Opções de campanha"
      icon={tabIcon(IconSpeakerphone)}
      description="Quando um cliente responde a uma campanha no mesmo canal, o atendimento é aberto como resposta da campanha (com a campanha registrada no atendimento)."
      form={form}
    >
      <MetaNumber
        form={form}
        path="campaign_options.maxCampaignAssignmentTime"
        label="Tempo máximo de atribuição à campanha"
        description="De 0 a 120 horas depois do envio da campanha ao cliente. 0: as respostas abrem atendimentos comuns."
        suffix=" horas"
      />
      <Select
        label="Setor das respostas de campanha"
        description="Vazio, a resposta vai para o setor padrão do canal."
        placeholder={sectors.isPending ? 'Carregando…' : 'Setor padrão do canal'}
        data={(sectors.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        value={typeof sectorId === 'number' ? String(sectorId) : null}
        onChange={(v) => form.setValue('campaign_options.reply_sector_id', v ? Number(v) : null)}
        error={form.errors['campaign_options.reply_sector_id']}
        clearable
        w={{ base: '100%', sm: 360 }}
      />
    </MetadataTabCard>
  );
}
