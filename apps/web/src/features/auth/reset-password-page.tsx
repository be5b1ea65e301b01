import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZResetPasswordInput } from '@prosa/shared/auth';
import { MSG } from '@prosa/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { zodValidate } from '../../lib/zod-form';
import { authApi } from './api';
import { FormAlert } from './form-alert';
import { StepHeader } from './step-header';

type Values = { newPassword: string; confirmPassword: string };

/** The page of the e-mailed recovery link (/reset-password?token=…). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: zodValidate(ZResetPasswordInput, (v: Values) => ({ ...v, token })),
  });
  const reset = useMutation({
    mutationFn: (values: Values) => authApi.resetPassword({ ...values, token }),
    onSuccess: (result) => {
      toast.success(result.message);
      navigate('/login', { replace: true });
    },
  });
  const requestNewLink = () => navigate('/login', { state: { recover: true } });

  if (token.length < 10) {
    return (
      <AuthLayout>
        <StepHeader title="Redefinir senha" />
        <Stack gap="md">
          <FormAlert color="red">{MSG.resetLinkInvalid}</FormAlert>
          <Button onClick={requestNewLink}>Solicitar novo link</Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <form noValidate onSubmit={form.onSubmit((values) => reset.mutate(values))}>
        <StepHeader title="Redefinir senha">Crie uma nova senha para acessar o Prosa.</StepHeader>
        <Stack gap="md">
          <FormAlert color="red">
            {reset.isError ? (errorMessage(reset.error, MSG.passwordChangeError) ?? null) : null}
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
          <Button type="submit" fullWidth size="md" loading={reset.isPending}>
            Salvar nova senha
          </Button>
          <Button variant="subtle" onClick={() => navigate('/login')}>
            Voltar para o login
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
