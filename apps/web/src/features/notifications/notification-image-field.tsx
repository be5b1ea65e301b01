import { Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import {
  NOTIFICATION_IMAGE_ACCEPT,
  NOTIFICATION_IMAGE_EXTENSIONS,
  NOTIFICATION_IMAGE_MAX_BYTES,
  NOTIFICATION_MSG,
} from '@prosa/shared/notifications';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { toast } from '../../lib/toast';
import { useUploadNotificationImage } from './api';

/**
 * The notification's image (spec 2 §5, §9): a jpg/jpeg/png of at most 2MB, uploaded at once and previewed; the
 * same rules are checked here first so a wrong file is refused without sending it.
 */
export function NotificationImageField(props: {
  value: string | null;
  error?: string;
  onChange: (url: string | null) => void;
}) {
  const upload = useUploadNotificationImage();
  const pick = (file: File | null) => {
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(NOTIFICATION_IMAGE_EXTENSIONS as readonly string[]).includes(ext))
      return toast.warning(NOTIFICATION_MSG.invalidImage);
    if (file.size > NOTIFICATION_IMAGE_MAX_BYTES) return toast.warning(NOTIFICATION_MSG.tooLarge);
    upload.mutate(file, { onSuccess: (r) => props.onChange(r.url) });
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Imagem
      </Text>
      {props.value ? (
        <Paper withBorder p="xs" radius="md">
          <Group justify="space-between" wrap="nowrap">
            <Image
              src={props.value}
              alt="Pré-visualização da imagem"
              h={120}
              w="auto"
              fit="contain"
              radius="sm"
            />
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => props.onChange(null)}
            >
              Remover imagem
            </Button>
          </Group>
        </Paper>
      ) : null}
      <Group gap="sm">
        <FileButton onChange={pick} accept={NOTIFICATION_IMAGE_ACCEPT}>
          {(p) => (
            <Button {...p} variant="default" leftSection={<IconPhoto size={16} />} loading={upload.isPending}>
              {props.value ? 'Trocar imagem' : 'Enviar imagem'}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          JPG ou PNG, até 2MB.
        </Text>
      </Group>
      {props.error ? (
        <Text size="xs" c="red">
          {props.error}
        </Text>
      ) : null}
    </Stack>
  );
}
