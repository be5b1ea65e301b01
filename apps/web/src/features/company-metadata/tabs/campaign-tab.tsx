import { IconSpeakerphone } from '@tabler/icons-react';
import { MetadataTabCard, MetaSwitch, tabIcon } from '../metadata-tab-card';
import { useMetadataForm } from '../use-company-metadata';
import { MetaNumber } from '../value-tabs';

const FIELDS = ['allow.campaigns', 'campaign_settings.per_minute'] as const;

/** Settings tab 3: campaigns on/off and the company's cap on sends per minute of each channel (issue 24). */
export function CampaignSettingsTab() {
  const form = useMetadataForm(FIELDS);
  return (
    <MetadataTabCard
      id="campaign-settings-title"
      title="Campanhas"
      icon={tabIcon(IconSpeakerphone)}
      description="Envios em massa por WhatsApp e SMS a partir dos mailings."
      form={form}
    >
      <MetaSwitch
        form={form}
        path="allow.campaigns"
        label="Ativar as campanhas"
        description="Desligado, o menu Campanhas some para todos e as campanhas não podem ser criadas nem consultadas."
      />
      <MetaNumber
        form={form}
        path="campaign_settings.per_minute"
        label="Envios por minuto (por canal)"
        description="Limite da empresa para cada canal. Vazio, cada canal envia no próprio ritmo (WhatsApp oficial: 80 por segundo; SMS: 10 por segundo; WhatsApp por QR code: uma mensagem a cada 8 a 12 segundos)."
        suffix=" por minuto"
        empty={null}
      />
    </MetadataTabCard>
  );
}
