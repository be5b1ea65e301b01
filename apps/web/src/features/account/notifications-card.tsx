import { Button, Card, Stack, Switch, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { CardTitle } from './card-title';
import { useMuteNotifications } from './notification-settings';

type TPermission = NotificationPermission | 'unsupported';

const currentPermission = (): TPermission =>
  'Notification' in window ? Notification.permission : 'unsupported';

const PERMISSION_TEXT: Record<TPermission, string> = {
  granted: 'As notificações do navegador estão ativas.',
  denied: 'O navegador bloqueou as notificações deste site; libere-as nas configurações do navegador.',
  default: 'O navegador ainda não permitiu as notificações.',
  unsupported: 'Este navegador não mostra notificações.',
};

/** Alerts of new attendances and messages (sound, browser notification, tab counter): mute, per user. */
export function NotificationsCard() {
  const { muted, loading, setMuted } = useMuteNotifications();
  const [permission, setPermission] = useState<TPermission>(currentPermission);
  return (
    <Card component="section" aria-labelledby="notifications-title">
      <Stack gap="md">
        <CardTitle
          id="notifications-title"
          icon={<IconBell size={22} color="var(--mantine-color-prosa-7)" />}
        >
          Avisos
        </CardTitle>
        <Text size="sm" c="dimmed">
          Um som e uma notificação do navegador avisam quando chega um novo atendimento ou uma mensagem de um
          atendimento que não está aberto; o título da aba mostra quantos estão esperando.
        </Text>
        <Switch
          label="Silenciar avisos de novos atendimentos e mensagens"
          description="Sem som e sem notificação do navegador; o número no título da aba continua."
          checked={muted}
          disabled={loading}
          onChange={(e) => setMuted(e.currentTarget.checked)}
        />
        <Stack gap={6}>
          <Text size="sm" aria-live="polite">
            {PERMISSION_TEXT[permission]}
          </Text>
          {permission === 'default' ? (
            <Button
              variant="default"
              w="fit-content"
              onClick={() =>
                Notification.requestPermission()
                  .then(setPermission)
                  .catch(() => undefined)
              }
            >
              Permitir notificações do navegador
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Card>
  );
}
