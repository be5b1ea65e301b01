import { Button, FileButton, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NEGOTIATOR_MSG } from '@prosa/shared/negotiator';
import { NEGOTIATOR_IMAGE_MAX_BYTES } from '@prosa/shared/negotiator-admin';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useUploadNegotiatorImage } from './api';
import type { TNegotiatorFormValues } from './form-values';

type Form = UseFormReturnType<TNegotiatorFormValues>;
type Key = 'bgimage' | 'logo_image';

function ImageField({ form, field, label }: { form: Form; field: Key; label: string }) {
  const upload = useUploadNegotiatorImage();
  const url = form.values.body[field];
  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > NEGOTIATOR_IMAGE_MAX_BYTES) {
      toast.warning(NEGOTIATOR_MSG.uploadTooLarge);
      return;
    }
    upload.mutate(
      { file, key: field },
      {
        onSuccess: (r) => form.setFieldValue(`body.${field}`, r.url),
        onError: (error) => toast.warning(errorMessage(error, NEGOTIATOR_MSG.uploadFailed)),
      },
    );
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Text fw={500} size="sm">
          {label}
        </Text>
        {url ? (
          <Image src={url} alt={label} h={96} w="auto" fit="contain" radius="sm" />
        ) : (
          <Text size="sm" c="dimmed" h={96} style={{ display: 'flex', alignItems: 'center' }}>
            Nenhuma imagem enviada.
          </Text>
        )}
        <Group gap="sm">
          <FileButton onChange={pick} accept="image/png,image/jpeg,image/gif,image/webp">
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={16} />}
                loading={upload.isPending}
                aria-label={`${url ? 'Trocar' : 'Enviar'} ${label.toLowerCase()}`}
              >
                {url ? 'Trocar' : 'Enviar'}
              </Button>
            )}
          </FileButton>
          {url ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              aria-label={`Remover ${label.toLowerCase()}`}
              onClick={() => form.setFieldValue(`body.${field}`, null)}
            >
              Remover
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The hotsite's background image and logo (PNG, JPG, GIF or WEBP up to 2 MB). */
export function HotsiteImages({ form }: { form: Form }) {
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Imagens PNG, JPG, GIF ou WEBP de até 2 MB, mostradas na página pública de negociação.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ImageField form={form} field="bgimage" label="Imagem de fundo" />
        <ImageField form={form} field="logo_image" label="Logo" />
      </SimpleGrid>
    </Stack>
  );
}
