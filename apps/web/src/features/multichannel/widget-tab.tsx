import {
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  MULTICHANNEL_LOGO_MAX_BYTES,
  MULTICHANNEL_MSG,
  MULTICHANNEL_TYPE_LABEL,
  type TMultichannelButton,
} from '@prosa/shared/multichannel';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { toast } from '../../lib/toast';
import { useUploadMultichannelLogo } from './api';
import type { TLinkForm } from './form-values';

const BUTTONS: TMultichannelButton[] = ['waweb', 'fa', 'telegram', 'em', 'web', 'call_me', 'nc'];
const COLORS = [
  ['welcome_color', 'Cor da mensagem de boas-vindas'],
  ['greeting_color', 'Cor da saudação'],
  ['buttons_color', 'Cor dos botões'],
  ['buttons_text_color', 'Cor do texto dos botões'],
  ['icons_color', 'Cor dos ícones'],
] as const;

/** The look of the hotsite and the widget: texts, button texts, colours and the logo (up to 2 MB). */
export function WidgetTab({ form }: { form: TLinkForm }) {
  const upload = useUploadMultichannelLogo();
  const logo = form.values.widget.logo_image;
  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > MULTICHANNEL_LOGO_MAX_BYTES) {
      toast.error(MULTICHANNEL_MSG.logoTooLarge);
      return;
    }
    upload.mutate(file, { onSuccess: (r) => form.setFieldValue('widget.logo_image', r.url) });
  };
  return (
    <Stack gap="md">
      <TextInput
        label="Título"
        placeholder="Fale com a gente"
        maxLength={120}
        {...form.getInputProps('widget.title')}
      />
      <Textarea
        label="Boas-vindas"
        autosize
        minRows={2}
        maxLength={300}
        {...form.getInputProps('widget.welcome')}
      />
      <Textarea
        label="Saudação"
        autosize
        minRows={2}
        maxLength={300}
        {...form.getInputProps('widget.greeting')}
      />
      <Title order={5} mt="sm">
        Textos dos botões
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {BUTTONS.map((b) => (
          <TextInput
            key={b}
            label={`Botão ${MULTICHANNEL_TYPE_LABEL[b]}`}
            placeholder={MULTICHANNEL_TYPE_LABEL[b]}
            maxLength={60}
            {...form.getInputProps(`widget.buttons.${b}`)}
          />
        ))}
      </SimpleGrid>
      <Title order={5} mt="sm">
        Cores
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {COLORS.map(([key, label]) => (
          <ColorInput key={key} label={label} format="hex" {...form.getInputProps(`widget.${key}`)} />
        ))}
      </SimpleGrid>
      <Title order={5} mt="sm">
        Logo
      </Title>
      <Group align="center" gap="lg">
        {logo ? (
          <Image src={logo} alt="Logo do multicanal" h={72} w="auto" fit="contain" radius="sm" />
        ) : (
          <Text size="sm" c="dimmed">
            Nenhum logo enviado.
          </Text>
        )}
        <FileButton onChange={pick} accept="image/png,image/jpeg,image/gif,image/bmp">
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoUp size={16} />}
              loading={upload.isPending}
            >
              {logo ? 'Trocar logo' : 'Enviar logo'}
            </Button>
          )}
        </FileButton>
        {logo ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => form.setFieldValue('widget.logo_image', null)}
          >
            Remover logo
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        PNG, JPG, GIF ou BMP de até 2 MB.
      </Text>
    </Stack>
  );
}
