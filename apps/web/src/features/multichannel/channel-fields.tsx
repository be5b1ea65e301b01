import { Group, Switch, Textarea } from '@mantine/core';
import type { TLinkForm } from './form-values';

type ChannelKey = 'waweb' | 'fa' | 'web' | 'em' | 'telegram' | 'nc' | 'hotsite';

/** What every channel tab has: enabled, shown on the hotsite, and the description under its button. */
export function ChannelBaseFields({
  form,
  channel,
  descriptionLabel = 'Descrição do botão',
  withShow = true,
}: {
  form: TLinkForm;
  channel: ChannelKey;
  descriptionLabel?: string;
  withShow?: boolean;
}) {
  const at = `payload.${channel}` as const;
  return (
    <>
      <Group gap="xl">
        <Switch label="Ativo" {...form.getInputProps(`${at}.enabled`, { type: 'checkbox' })} />
        {withShow ? (
          <Switch
            label="Mostrar no hotsite"
            {...form.getInputProps(`${at}.show_in_hotsite`, { type: 'checkbox' })}
          />
        ) : null}
      </Group>
      <Textarea
        label={descriptionLabel}
        autosize
        minRows={2}
        maxLength={300}
        {...form.getInputProps(`${at}.text_description`)}
      />
    </>
  );
}
