import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toDataURL } from 'qrcode';
import { useState } from 'react';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { accountApi } from './api';
import { CardTitle } from './card-title';
import { TotpSetup, type TTotpEnrolment } from './totp-setup';

/** Authenticator app (TOTP) as a second factor: setup with a QR code, then a code proves it works. */
export function TotpCard() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TTotpEnrolment | null>(null);
  const refreshSession = () => queryClient.invalidateQueries({ queryKey: queryKeys.session });

  const setup = useMutation({
    mutationFn: async () => {
      const result = await accountApi.setupTotp();
      const qr = await toDataURL(result.otpauthUrl, { margin: 1, width: 200, errorCorrectionLevel: 'M' });
      return { ...result, qr };
    },
    onSuccess: setEnrolment,
    onError: (error) => toast.apiError(error),
  });
  const disable = useMutation({
    mutationFn: accountApi.disableTotp,
    onSuccess: async (result) => {
      toast.success(result.message);
      await refreshSession();
    },
    onError: (error) => toast.apiError(error),
  });

  const confirmDisable = () =>
    modals.openConfirmModal({
      title: 'Desativar aplicativo autenticador',
      children: (
        <Text size="sm">
          Depois de desativar, quando a verificação em duas etapas estiver ligada você receberá o código por
          e-mail.
        </Text>
      ),
      labels: { confirm: 'Desativar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => disable.mutate(),
    });

  return (
    <Card component="section" aria-labelledby="totp-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <CardTitle
            id="totp-title"
            icon={<IconDeviceMobile size={22} color="var(--mantine-color-prosa-7)" />}
          >
            Aplicativo autenticador
          </CardTitle>
          <Badge color={user.totpEnabled ? 'teal' : 'gray'} variant="light">
            {user.totpEnabled ? 'Ativado' : 'Desativado'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Use um aplicativo como Google Authenticator, Microsoft Authenticator ou Authy para gerar o código da
          verificação em duas etapas, sem depender do e-mail.
        </Text>
        {user.totpEnabled ? (
          <Group justify="flex-end">
            <Button variant="default" color="red" onClick={confirmDisable} loading={disable.isPending}>
              Desativar
            </Button>
          </Group>
        ) : null}
        {!user.totpEnabled && !enrolment ? (
          <Group justify="flex-end">
            <Button onClick={() => setup.mutate()} loading={setup.isPending}>
              Ativar aplicativo autenticador
            </Button>
          </Group>
        ) : null}
        {!user.totpEnabled && enrolment ? (
          <TotpSetup
            enrolment={enrolment}
            onCancel={() => setEnrolment(null)}
            onEnabled={async () => {
              setEnrolment(null);
              await refreshSession();
            }}
          />
        ) : null}
      </Stack>
    </Card>
  );
}
