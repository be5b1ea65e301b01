import { Button, Code, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZTotpEnableInput } from '@prosa/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { zodValidate } from '../../lib/zod-form';
import { accountApi } from './api';

export type TTotpEnrolment = { secret: string; otpauthUrl: string; qr: string };

type Props = { enrolment: TTotpEnrolment; onCancel: () => void; onEnabled: () => void };

export function TotpSetup({ enrolment, onCancel, onEnabled }: Props) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: zodValidate(ZTotpEnableInput),
  });
  const enable = useMutation({
    mutationFn: (code: string) => accountApi.enableTotp(code),
    onSuccess: (result) => {
      toast.success(result.message);
      onEnabled();
    },
    onError: (error) => toast.apiError(error),
  });

  return (
    <form noValidate onSubmit={form.onSubmit(({ code }) => enable.mutate(code.trim()))}>
      <Stack gap="md">
        <Text size="sm" fw={500}>
          1. Leia o código QR com o aplicativo autenticador.
        </Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Image
            src={enrolment.qr}
            alt="Código QR para cadastrar o Prosa no aplicativo autenticador"
            w={168}
            h={168}
            radius="sm"
            style={{ border: '1px solid var(--mantine-color-gray-3)' }}
          />
          <Stack gap={6} style={{ flex: '1 1 200px', minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              Não consegue ler o código? Digite esta chave no aplicativo:
            </Text>
            <Code
              block
              fz="sm"
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
              data-testid="totp-secret"
            >
              {enrolment.secret}
            </Code>
            <CopyButton value={enrolment.secret}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy} w="fit-content">
                  {copied ? 'Chave copiada' : 'Copiar chave'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Group>
        <Text size="sm" fw={500}>
          2. Digite o código de 6 dígitos que o aplicativo mostra.
        </Text>
        <TextInput
          label="Código do aplicativo"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="000000"
          w={{ base: '100%', xs: 200 }}
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={enable.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={enable.isPending}>
            Ativar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
