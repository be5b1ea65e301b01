import { Anchor, Button, Center, Group, PinInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useInterval } from '@mantine/hooks';
import { type TLoginOutput, ZCheckMfaInput } from '@prosa/shared/auth';
import { MSG } from '@prosa/shared/messages';
import { IconArrowLeft, IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { zodValidate } from '../../lib/zod-form';
import { authApi, type TMfaMethod, type TMfaStep } from './api';
import { FormAlert } from './form-alert';
import { StepHeader } from './step-header';

// Seconds before "Reenviar código" can be pressed again, so a double click sends one e-mail.
const RESEND_COOLDOWN = 30;

type Props = { data: TMfaStep; onOutput: (output: TLoginOutput) => void; onBack: (message?: string) => void };

export function MfaStep({ data, onOutput, onBack }: Props) {
  const [method, setMethod] = useState<TMfaMethod>(data.methods.includes('totp') ? 'totp' : 'email');
  const [info, setInfo] = useState<string | null>(null);
  // Remounting the code input after a failed try lets a pasted or autofilled code submit again.
  const [attempt, setAttempt] = useState(0);
  const [cooldown, setCooldown] = useState(method === 'email' ? RESEND_COOLDOWN : 0);
  const ticker = useInterval(() => setCooldown((s) => Math.max(0, s - 1)), 1000);
  useEffect(() => {
    ticker.start();
    return ticker.stop;
  }, [ticker.start, ticker.stop]);

  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: zodValidate(ZCheckMfaInput, (v: { code: string }) => ({
      ...v,
      challengeId: data.challengeId,
      method,
    })),
  });

  const clearCode = () => {
    form.setFieldValue('code', '');
    setAttempt((n) => n + 1);
  };

  const verify = useMutation({
    mutationFn: (code: string) => authApi.checkMfaCode({ challengeId: data.challengeId, code, method }),
    onSuccess: onOutput,
    onError: (error) => {
      const message = errorMessage(error);
      // Both close the challenge: the person goes back to the login form, with the reason.
      if (message === MSG.mfaChallengeExpired || message === MSG.mfaTooManyCodes) onBack(message);
      clearCode();
    },
  });

  const resend = useMutation({
    mutationFn: () => authApi.resendMfa(data.challengeId),
    onSuccess: (result) => {
      verify.reset();
      setMethod('email');
      setInfo(result.message);
      setCooldown(RESEND_COOLDOWN);
      clearCode();
    },
    onError: (error) => {
      if (errorMessage(error) === MSG.mfaChallengeExpired) onBack(MSG.mfaChallengeExpired);
    },
  });

  const submit = form.onSubmit(({ code }) => verify.mutate(code.trim()));
  const failure = verify.error ?? resend.error;

  return (
    <form noValidate onSubmit={submit}>
      <StepHeader title="Verificação em duas etapas">
        {method === 'totp' ? (
          'Digite o código do aplicativo autenticador.'
        ) : (
          <>
            Enviamos um código de 6 dígitos para <strong>{data.maskedEmail}</strong>. Digite-o abaixo para
            entrar.
          </>
        )}
      </StepHeader>
      <Stack gap="md">
        <FormAlert color="teal">{failure ? null : info}</FormAlert>
        <FormAlert color="red">
          {failure ? (errorMessage(failure, MSG.mfaCodeInvalid) ?? MSG.mfaCodeInvalid) : null}
        </FormAlert>
        <Stack gap={6}>
          <Text component="label" htmlFor="mfa-code" size="sm" fw={500}>
            Código de verificação
          </Text>
          <Center>
            <PinInput
              key={attempt}
              id="mfa-code"
              length={6}
              type="number"
              inputMode="numeric"
              oneTimeCode
              autoFocus
              size="lg"
              ariaLabel="Código de verificação"
              error={Boolean(form.errors.code)}
              value={form.values.code}
              onChange={(value) => form.setFieldValue('code', value)}
              onComplete={(value) => {
                if (!verify.isPending) verify.mutate(value);
              }}
            />
          </Center>
          {form.errors.code ? (
            <Text size="sm" c="red" ta="center">
              {form.errors.code}
            </Text>
          ) : null}
        </Stack>
        <Button type="submit" fullWidth size="md" loading={verify.isPending}>
          Verificar
        </Button>
        {method === 'totp' ? (
          <Button
            variant="subtle"
            leftSection={<IconMail size={18} />}
            onClick={() => resend.mutate()}
            loading={resend.isPending}
          >
            Receber código por e-mail
          </Button>
        ) : (
          <Button
            variant="subtle"
            onClick={() => resend.mutate()}
            loading={resend.isPending}
            disabled={cooldown > 0}
          >
            {cooldown > 0 ? `Reenviar código (${cooldown} s)` : 'Reenviar código'}
          </Button>
        )}
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={() => onBack()}>
            <Group gap={4} component="span">
              <IconArrowLeft size={16} />
              Voltar para o login
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
