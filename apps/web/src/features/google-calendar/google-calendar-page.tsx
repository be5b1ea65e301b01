import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { GOOGLE_CALENDAR_MSG } from '@prosa/shared/google-calendar';
import {
  IconAlertTriangle,
  IconBrandGoogle,
  IconCalendarEvent,
  IconCheck,
  IconUnlink,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useCalendarState, useConnectCalendar, useDisconnectCalendar } from './api';

type TOutcome = { ok: true; message: string } | { ok: false; message: string } | null;

/**
 * Google Agenda (spec 3 §2 "Google calendar authorisation (query parameter code)"): the user's calendar permission.
 * Google sends the user back here with ?code&state; the page saves the permission and shows how it went.
 */
export function GoogleCalendarPage() {
  const [params, setParams] = useSearchParams();
  const query = useCalendarState();
  const connect = useConnectCalendar();
  const disconnect = useDisconnectCalendar();
  const [outcome, setOutcome] = useState<TOutcome>(null);
  // The code is used once (React runs effects twice in development; a reload must not post it again).
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    const code = params.get('code');
    const state = params.get('state');
    const refused = params.get('error');
    if (!code && !refused) return;
    handled.current = true;
    setParams({}, { replace: true });
    if (!code || !state) {
      setOutcome({ ok: false, message: GOOGLE_CALENDAR_MSG.loadError });
      return;
    }
    connect.mutate(
      { code, state },
      {
        onSuccess: (r) => {
          setOutcome({ ok: true, message: r.message });
          toast.success(r.message);
        },
        onError: (e) =>
          setOutcome({ ok: false, message: errorMessage(e, GOOGLE_CALENDAR_MSG.loadError) ?? '' }),
      },
    );
  }, [params, setParams, connect]);

  const confirmDisconnect = () =>
    modals.openConfirmModal({
      title: 'Desconectar Google Agenda',
      children: (
        <Text size="sm">Os próximos retornos agendados deixarão de aparecer na sua Google Agenda.</Text>
      ),
      labels: { confirm: 'Desconectar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disconnect.mutate(undefined, {
          onSuccess: (r) => {
            setOutcome(null);
            toast.success(r.message);
          },
          onError: (e) => toast.apiError(e),
        }),
    });

  const s = query.data;
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader
        title="Google Agenda"
        description="Os retornos que você agenda nos atendimentos aparecem como eventos na sua Google Agenda."
      />
      {outcome && (
        <Alert
          color={outcome.ok ? 'teal' : 'red'}
          icon={outcome.ok ? <IconCheck size={18} /> : <IconAlertTriangle size={18} />}
          withCloseButton
          onClose={() => setOutcome(null)}
        >
          {outcome.message}
        </Alert>
      )}
      <Card component="section" aria-labelledby="google-calendar-title">
        {query.isPending || connect.isPending ? (
          <Group justify="center" p="lg">
            <Loader size="sm" aria-label="Carregando" />
          </Group>
        ) : query.isError || !s ? (
          <Stack gap="sm" align="flex-start">
            <Text c="red">{GOOGLE_CALENDAR_MSG.loadError}</Text>
            <Button variant="light" onClick={() => query.refetch()}>
              Tentar novamente
            </Button>
          </Stack>
        ) : (
          <Stack gap="md">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <IconCalendarEvent size={22} color="var(--mantine-color-prosa-7)" aria-hidden />
                <Text id="google-calendar-title" fw={600}>
                  Sua agenda
                </Text>
              </Group>
              {s.connected ? (
                <Badge color="teal" variant="light">
                  Conectada
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  Não conectada
                </Badge>
              )}
            </Group>
            {!s.configured ? (
              <Text size="sm" c="dimmed">
                {GOOGLE_CALENDAR_MSG.notConfigured}
              </Text>
            ) : !s.enabled ? (
              <Text size="sm" c="dimmed">
                {GOOGLE_CALENDAR_MSG.notEnabled}
              </Text>
            ) : s.connected ? (
              <Text size="sm">
                Conectada como <b>{s.email || 'conta Google'}</b>. Cada retorno agendado vira um evento de 15
                minutos no horário do retorno; remarcar move o evento e cancelar o remove.
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                Conecte sua conta Google para receber seus retornos agendados como eventos na agenda.
              </Text>
            )}
            {s.connected && s.lastError && (
              <Text size="sm" c="red">
                A última atualização da agenda falhou; ela será tentada de novo.
              </Text>
            )}
            <Group justify="flex-end">
              {s.connected && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconUnlink size={18} />}
                  onClick={confirmDisconnect}
                  loading={disconnect.isPending}
                >
                  Desconectar
                </Button>
              )}
              {s.authorizeUrl && (
                <Button component="a" href={s.authorizeUrl} leftSection={<IconBrandGoogle size={18} />}>
                  {s.connected ? 'Conectar outra conta' : 'Conectar Google Agenda'}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
