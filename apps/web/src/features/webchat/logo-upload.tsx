import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { type TWebchat, WEBCHAT_LOGO_MAX_BYTES, WEBCHAT_MSG } from '@prosa/shared/webchat';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { toast } from '../../lib/toast';
import { useRemoveLogo, useUploadLogo, useWebchats } from './api';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/gif', 'image/bmp'];

/** Checks made before sending; the server checks the content again and its message wins. */
export function logoProblem(file: { size: number; type: string }): string | null {
  if (!ACCEPTED.includes(file.type)) return WEBCHAT_MSG.logoInvalid;
  if (file.size > WEBCHAT_LOGO_MAX_BYTES) return WEBCHAT_MSG.logoTooLarge;
  return null;
}

/** The widget's logo (PNG, JPG, GIF or BMP up to 2 MB), shown in the header of the chat on the customer's site. */
export function LogoUpload(props: { webchat: TWebchat | null }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  // The list is refetched after an upload: read the fresh logo from it.
  const { data } = useWebchats();
  const webchat = data?.find((w) => w.id === props.webchat?.id) ?? props.webchat;
  if (!webchat) {
    return (
      <Text size="sm" c="dimmed">
        Salve o web chat para enviar o logo.
      </Text>
    );
  }
  const onFile = (file: File | null) => {
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) {
      toast.warning(problem);
      return;
    }
    upload.mutate({ id: webchat.id, file });
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Logo
      </Text>
      <Group gap="md" align="center">
        {webchat.logo_url ? (
          <Image
            src={webchat.logo_url}
            alt="Logo do web chat"
            w={48}
            h={48}
            fit="contain"
            radius="md"
            bg="gray.0"
          />
        ) : (
          <Text size="sm" c="dimmed">
            Sem logo
          </Text>
        )}
        <FileButton onChange={onFile} accept={ACCEPTED.join(',')}>
          {(p) => (
            <Button
              {...p}
              variant="default"
              leftSection={<IconPhotoUp size={16} />}
              loading={upload.isPending}
            >
              {webchat.logo_url ? 'Trocar logo' : 'Enviar logo'}
            </Button>
          )}
        </FileButton>
        {webchat.logo_url ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() => remove.mutate(webchat.id)}
          >
            Remover
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        PNG, JPG, GIF ou BMP de até 2 MB.
      </Text>
    </Stack>
  );
}
