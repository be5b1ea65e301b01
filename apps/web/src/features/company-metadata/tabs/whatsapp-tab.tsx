import { Stack } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { MetadataTabCard, MetaSwitch, tabIcon } from '../metadata-tab-card';
import { useMetadataForm } from '../use-company-metadata';
import { MetaNumber } from '../value-tabs';

const FIELDS = ['allow.whatsapp-active', 'allow.whatsapp-profile-picture', 'max_active'] as const;

/**
 * WhatsApp (settings tab 5): active WhatsApp from the panel (spec 1 §6 whatsapp-active), the contacts'
 * profile pictures and the company's daily limit of active sends (max_active; empty or 0: no limit).
 */
export function WhatsappSettingsTab() {
  const form = useMetadataForm(FIELDS);
  return (
    <MetadataTabCard
      id="whatsapp-settings-title"
      title="WhatsApp"
      icon={tabIcon(IconBrandWhatsapp)}
      description="Ativos de WhatsApp enviados pelo painel e fotos de perfil dos contatos."
      form={form}
    >
      <Stack gap="md">
        <MetaSwitch
          form={form}
          path="allow.whatsapp-active"
          label="Permitir WhatsApp ativo pelo painel"
          description="Gestores enviam ativos (modelos HSM e mensagens por QR code); operadores quando têm a permissão de envio ativo. Desligado, todo envio ativo é recusado."
        />
        <MetaSwitch
          form={form}
          path="allow.whatsapp-profile-picture"
          label="Buscar e mostrar a foto de perfil dos contatos"
          description="Nos cards e na conversa dos números de WhatsApp por QR code, do Messenger e do Instagram."
        />
        <MetaNumber
          form={form}
          path="max_active"
          label="Limite diário de ativos"
          description="Quantos ativos de WhatsApp a empresa envia por dia (contados desde a meia-noite no fuso da empresa). Vazio ou 0: sem limite."
          suffix=" por dia"
          empty={null}
        />
      </Stack>
    </MetadataTabCard>
  );
}
