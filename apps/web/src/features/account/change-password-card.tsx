import { Button, Card, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZChangePasswordInput } from '@prosa/shared/auth';
import { MSG } from '@prosa/shared/messages';
import { IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { zodValidate } from '../../lib/zod-form';
import { accountApi } from './api';
import { CardTitle } from './card-title';

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordCard() {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: zodValidate(ZChangePasswordInput),
  });
  const change = useMutation({
    mutationFn: accountApi.changePassword,
    onSuccess: (result) => {
      toast.success(result.message || MSG.passwordChanged);
      form.reset();
    },
    onError: (error) => toast.apiError(error, MSG.passwordChangeError),
  });

  return (
    <Card component="section" aria-labelledby="password-title">
      <form noValidate onSubmit={form.onSubmit((values) => change.mutate(values))}>
        <Stack gap="md">
          <CardTitle id="password-title" icon={<IconKey size={22} color="var(--mantine-color-prosa-7)" />}>
            Alterar senha
          </CardTitle>
          <PasswordInput
            label="Senha atual"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="Nova senha"
            description={MSG.passwordPolicy}
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirmar nova senha"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Alterar senha
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
