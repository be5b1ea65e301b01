import { Group, Stack, Text } from '@mantine/core';
import {
  MEDIA_KIND_EXTENSIONS,
  MEDIA_KIND_LABEL,
  MEDIA_KINDS,
  MEDIA_MAX_MB,
  type TMediaKind,
} from '@prosa/shared/media-control';
import { IconPhotoCog } from '@tabler/icons-react';
import { MetadataTabCard, MetaSwitch, tabIcon } from '../metadata-tab-card';
import { type TMetadataForm, useMetadataForm } from '../use-company-metadata';
import { MetaNumber } from '../value-tabs';

const FIELDS = MEDIA_KINDS.flatMap((k) => [`media_control.${k}.enabled`, `media_control.${k}.max_mb`]);

function KindRow({ form, kind }: { form: TMetadataForm; kind: TMediaKind }) {
  const on = form.values[`media_control.${kind}.enabled`] === true;
  return (
    <Stack gap={6}>
      <MetaSwitch
        form={form}
        path={`media_control.${kind}.enabled`}
        label={`Permitir enviar ${MEDIA_KIND_LABEL[kind].toLowerCase()}`}
        description={`Extensões: ${MEDIA_KIND_EXTENSIONS[kind].join(', ')}${kind === 'audio' ? ' (áudio gravado na conversa)' : ''}.`}
      />
      {on ? (
        <Group pl={54}>
          <MetaNumber
            form={form}
            path={`media_control.${kind}.max_mb`}
            label={`Tamanho máximo de ${MEDIA_KIND_LABEL[kind].toLowerCase()}`}
            description={`De 1 a ${MEDIA_MAX_MB[kind]} MB (o limite dos canais). Vazio: ${MEDIA_MAX_MB[kind]} MB.`}
            suffix=" MB"
            empty={null}
          />
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * Controle de mídia (settings tab 14): which kinds operators may attach in the conversation and the size of each,
 * within the channels' own limits. The upload refuses the rest with the spec's texts.
 */
export function MediaControlTab() {
  const form = useMetadataForm(FIELDS);
  return (
    <MetadataTabCard
      id="media-control-title"
      title="Controle de mídia"
      icon={tabIcon(IconPhotoCog)}
      description="O que os operadores podem anexar nas conversas. Um arquivo de tipo desligado ou maior que o tamanho escolhido é recusado no envio."
      form={form}
    >
      <Stack gap="lg">
        {MEDIA_KINDS.map((k) => (
          <KindRow key={k} form={form} kind={k} />
        ))}
        <Text size="xs" c="dimmed">
          Vale para os anexos enviados pelos operadores; mídias recebidas dos contatos não mudam.
        </Text>
      </Stack>
    </MetadataTabCard>
  );
}
