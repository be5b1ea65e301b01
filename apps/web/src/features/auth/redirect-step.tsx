import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { isRedirectUrl, LOGIN_REDIRECT_MSG } from '@prosa/shared/login-redirect-texts';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect } from 'react';
import { StepHeader } from './step-header';

// Long enough to read the notice, short enough not to feel stuck.
const REDIRECT_DELAY_MS = 2500;

/** The address the login answer points to, only when it is an https URL (anything else is ignored). */
export function redirectTarget(url: string): string | null {
  return isRedirectUrl(url) ? url : null;
}

/** Spec 2 §4: the company moved to a new product URL; the browser goes there after a short notice. */
export function RedirectStep({ url, message, onBack }: { url: string; message: string; onBack: () => void }) {
  const target = redirectTarget(url);
  useEffect(() => {
    if (!target) return;
    const timer = window.setTimeout(() => window.location.assign(target), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [target]);

  if (!target) {
    return (
      <Stack gap="md">
        <Alert color="red">
          Não foi possível abrir o novo endereço. Fale com o administrador da sua empresa.
        </Alert>
        <Button variant="default" onClick={onBack}>
          Voltar
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <StepHeader title="Novo endereço" />
      <Alert color="blue" icon={<Loader size={16} />}>
        <Text size="sm">{message || LOGIN_REDIRECT_MSG.notice}</Text>
      </Alert>
      <Text size="sm" c="dimmed">
        Se nada acontecer,{' '}
        <Anchor href={target} rel="noopener">
          acesse o novo endereço <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} />
        </Anchor>
        .
      </Text>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {target}
      </Text>
    </Stack>
  );
}
