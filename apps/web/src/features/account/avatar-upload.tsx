import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { ACCOUNT_MSG, AVATAR_MAX_BYTES } from '@prosa/shared/account';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { profileApi } from './api';

/** The profile picture (spec 1 §7 profile-picture-upload): PNG, JPG, GIF or BMP up to 2 MB. */
export function AvatarUpload() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.session });
  const upload = useMutation({
    mutationFn: profileApi.uploadAvatar,
    onSuccess: (r) => {
      toast.success(r.message);
      return refresh();
    },
    onError: (error) => toast.apiError(error, ACCOUNT_MSG.avatarUploadError),
  });
  const remove = useMutation({
    mutationFn: profileApi.removeAvatar,
    onSuccess: (r) => {
      toast.success(r.message);
      return refresh();
    },
    onError: (error) => toast.apiError(error),
  });
  const pick = (file: File | null) => {
    if (!file) return;
    // Checked here too, so a large file is not sent at all; the server checks size and content again.
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error(ACCOUNT_MSG.avatarTooLarge);
      return;
    }
    upload.mutate(file);
  };
  return (
    <Group gap="md" wrap="nowrap">
      <Avatar color="prosa" radius="xl" size={64} src={user.avatarUrl} alt="Foto de perfil">
        {user.displayName.slice(0, 2).toUpperCase()}
      </Avatar>
      <Stack gap={6}>
        <Text fw={600} size="lg">
          {user.name}
        </Text>
        <Text size="sm" c="dimmed">
          {user.email}
        </Text>
        <Group gap="xs">
          <FileButton onChange={pick} accept="image/png,image/jpeg,image/gif,image/bmp">
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
              >
                {user.avatarUrl ? 'Trocar foto' : 'Enviar foto'}
              </Button>
            )}
          </FileButton>
          {user.avatarUrl && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Remover
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          PNG, JPG, GIF ou BMP de até 2 MB.
        </Text>
      </Stack>
    </Group>
  );
}
