import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZRecoverPasswordInput } from '@prosa/shared/auth';
import { MSG } from '@prosa/shared/messages';
import { IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { zodValidate } from '../../lib/zod-form';
import { authApi } from './api';
import { FormAlert } from './form-alert';
import { StepHeader } from './step-header';

export function RecoverStep({ email, onBack }: { email: string; onBack: () => void }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email },
    validate: zodValidate(ZRecoverPasswordInput),
  });
  const recover = useMutation({
    mutationFn: (values: { email: string }) => authApi.recoverPassword(values.email),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => recover.mutate(values))}>
      <StepHeader title="Recuperar senha">
        Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.
      </StepHeader>
      <Stack gap="md">
        <FormAlert color="teal">{recover.data?.message ?? null}</FormAlert>
        <FormAlert color="red">
          {recover.isError ? (errorMessage(recover.error, MSG.genericError) ?? null) : null}
        </FormAlert>
        {recover.isSuccess ? null : (
          <>
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="username"
              placeholder="voce@empresa.com.br"
              leftSection={<IconMail size={18} />}
              autoFocus
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth size="md" loading={recover.isPending}>
              Enviar link de recuperação
            </Button>
          </>
        )}
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Voltar para o login
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
