import { Alert, Button, Card, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconBrandFacebook, IconCircleCheck } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { FACEBOOK_LOGIN_URL, useFacebookLoginStatus } from './api';

/** Spec 2 §4 login check: checking (Verificando…) → logged (Conectado ao Facebook como …) / not logged. */
export function LoginStatusCard() {
  const status = useFacebookLoginStatus();
  // Facebook Login is a full-page redirect: the server sends the browser to the dialog and back with ?login=.
  const login = () => window.location.assign(FACEBOOK_LOGIN_URL);
  const logged = status.data?.status === 'logged';

  return (
    <Card withBorder padding="md" aria-label="Login no Facebook" component="section">
      <Group justify="space-between" gap="md">
        <Group gap="sm" wrap="nowrap">
          {status.isPending ? (
            <>
              <Loader size="sm" />
              <Text size="sm">Verificando…</Text>
            </>
          ) : status.isError ? (
            <Alert color="red" icon={<IconAlertCircle />} p="xs">
              {errorMessage(status.error, 'Não foi possível verificar o login no Facebook.')}
            </Alert>
          ) : logged ? (
            <>
              <IconCircleCheck size={22} color="var(--mantine-color-teal-6)" aria-hidden />
              <Text size="sm">
                Conectado ao Facebook{status.data?.name ? ' como ' : ''}
                {status.data?.name ? <strong>{status.data.name}</strong> : null}
              </Text>
            </>
          ) : (
            <>
              <IconAlertCircle size={22} color="var(--mantine-color-gray-6)" aria-hidden />
              <Text size="sm">Não conectado ao Facebook.</Text>
            </>
          )}
        </Group>
        {status.isPending ? null : (
          <Button
            leftSection={<IconBrandFacebook size={18} />}
            variant={logged ? 'default' : 'filled'}
            onClick={login}
          >
            {logged ? 'Entrar novamente' : 'Entrar com o Facebook'}
          </Button>
        )}
      </Group>
    </Card>
  );
}
