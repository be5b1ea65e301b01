import { ActionIcon, Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ChannelBaseFields } from './channel-fields';
import type { TLinkForm } from './form-values';

/** The hotsite page itself, its custom CSS and the extra links under the channel buttons. */
export function CustomTab({ form }: { form: TLinkForm }) {
  const links = form.values.payload.custom_links;
  return (
    <Stack gap="md">
      <Title order={5}>Hotsite</Title>
      <ChannelBaseFields
        form={form}
        channel="hotsite"
        withShow={false}
        descriptionLabel="Texto de apresentação do hotsite"
      />
      <Textarea
        label="CSS personalizado"
        description="Aplicado ao hotsite. Não é permitido HTML."
        autosize
        minRows={4}
        styles={{ input: { fontFamily: 'monospace' } }}
        {...form.getInputProps('payload.custom_css')}
      />
      <Title order={5} mt="sm">
        Links personalizados
      </Title>
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum link personalizado.
        </Text>
      ) : null}
      {links.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are edited in place.
        <Group key={i} align="flex-start" wrap="nowrap">
          <TextInput
            label="Texto"
            style={{ flex: 1 }}
            maxLength={120}
            {...form.getInputProps(`payload.custom_links.${i}.description`)}
          />
          <TextInput
            label="Endereço"
            placeholder="https://"
            style={{ flex: 2 }}
            {...form.getInputProps(`payload.custom_links.${i}.url`)}
          />
          <ActionIcon
            mt={26}
            variant="subtle"
            color="red"
            aria-label={`Remover link ${i + 1}`}
            onClick={() => form.removeListItem('payload.custom_links', i)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('payload.custom_links', { description: '', url: '' })}
          disabled={links.length >= 20}
        >
          Adicionar link
        </Button>
      </Group>
    </Stack>
  );
}
