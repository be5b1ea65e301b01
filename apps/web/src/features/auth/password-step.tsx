import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TLoginOutput, ZLoginInput } from '@prosa/shared/auth';
import { MSG } from '@prosa/shared/messages';
import { IconLock, IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, errorMessage, NETWORK_ERROR, TIMEOUT_ERROR } from '../../lib/api';
import { zodValidate } from '../../lib/zod-form';
import { authApi } from './api';
import { FormAlert } from './form-alert';
import { StepHeader } from './step-header';

type Props = {
  email: string;
  onEmailChange: (email: string) => void;
  notice: string | null;
  onOutput: (output: TLoginOutput) => void;
  onForgot: () => void;
};

export function loginErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.code === NETWORK_ERROR || error.code === TIMEOUT_ERROR))
    return MSG.loginNetworkError;
  return errorMessage(error, MSG.invalidCredentials) ?? MSG.invalidCredentials;
}

export function PasswordStep({ email, onEmailChange, notice, onOutput, onForgot }: Props) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email, password: '' },
    validate: zodValidate(ZLoginInput),
    onValuesChange: (values) => onEmailChange(values.email),
  });
  const login = useMutation({ mutationFn: authApi.login, onSuccess: onOutput });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => login.mutate(values))}>
      <StepHeader title="Entrar">Acesse sua conta para atender seus clientes.</StepHeader>
      <Stack gap="md">
        <FormAlert color="yellow">{login.isError ? null : notice}</FormAlert>
        <FormAlert color="red">{login.isError ? loginErrorText(login.error) : null}</FormAlert>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="username"
          placeholder="voce@empresa.com.br"
          leftSection={<IconMail size={18} />}
          autoFocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          placeholder="Sua senha"
          leftSection={<IconLock size={18} />}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component="button" type="button" size="sm" onClick={onForgot}>
            Esqueci minha senha
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={login.isPending}>
          Entrar
        </Button>
      </Stack>
    </form>
  );
}
