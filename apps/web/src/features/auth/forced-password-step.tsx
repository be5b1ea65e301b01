import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TLoginOutput, ZChangePasswordInput } from '@prosa/shared/auth';
import { MSG } from '@prosa/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { zodValidate } from '../../lib/zod-form';
import { authApi, type TChangePasswordStep } from './api';
import { FormAlert } from './form-alert';
import { StepHeader } from './step-header';

const REASON = {
  admin: 'O administrador da sua empresa pediu que você crie uma nova senha antes de continuar.',
  expired: 'Sua senha expirou. Crie uma nova senha para continuar.',
} as const;

type Props = {
  data: TChangePasswordStep;
  onOutput: (output: TLoginOutput) => void;
  onBack: (message?: string) => void;
};

/** Forced change after the password (and MFA) step; success logs the user in. */
export function ForcedPasswordStep({ data, onOutput, onBack }: Props) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: zodValidate(ZChangePasswordInput, (v: { newPassword: string; confirmPassword: string }) => ({
      ...v,
      changeToken: data.changeToken,
    })),
  });
  const change = useMutation({
    mutationFn: (values: { newPassword: string; confirmPassword: string }) =>
      authApi.forcedChangePassword({ ...values, changeToken: data.changeToken }),
    onSuccess: (output) => {
      toast.success(MSG.passwordChanged);
      onOutput(output);
    },
    onError: (error) => {
      // The change token lasts 15 minutes; after that the user logs in again.
      if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') onBack(error.message);
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => change.mutate(values))}>
      <StepHeader title="Crie uma nova senha">{REASON[data.reason]}</StepHeader>
      <Stack gap="md">
        <FormAlert color="red">
          {change.isError ? (errorMessage(change.error, MSG.passwordChangeError) ?? null) : null}
        </FormAlert>
        <PasswordInput
          label="Nova senha"
          description={MSG.passwordPolicy}
          autoComplete="new-password"
          autoFocus
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirmar nova senha"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth size="md" loading={change.isPending}>
          Salvar nova senha e entrar
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={() => onBack()}>
            Voltar para o login
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
