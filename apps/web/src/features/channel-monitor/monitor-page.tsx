import {
  Alert,
  Button,
  Card,
  Checkbox,
  EmptyState,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { MONITOR_CHANNEL_ALERT_MS } from '@prosa/shared/channel-monitor';
import { IconAlertCircle, IconAlertTriangle, IconBrandWhatsapp, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { useNow } from '../../lib/use-now';
import { useCurrentUser } from '../auth/session-context';
import { useMonitorData, useSetBreakdown } from './api';
import { isServerSilent } from './monitor-alerts';
import { MonitorChannelsTable } from './monitor-channels-table';
import { filterMonitorChannels, NO_FILTERS, type TMonitorFilters } from './monitor-filters';
import { MonitorServersTable } from './monitor-servers-table';
import { useChannelAlerts } from './use-channel-alerts';

const LOAD_ERROR = 'Erro ao carregar os canais';

/** /channels/monitor: channel servers and WhatsApp numbers, live, with alerts (spec 2 §2 Monitor). */
export function ChannelMonitorPage() {
  const me = useCurrentUser();
  const data = useMonitorData();
  // useNow ticks every second: the ping check of spec 2 §9 (MONITOR_PING_CHECK_MS).
  const localNow = useNow();
  const now = localNow + (data.data?.skewMs ?? 0);
  const [filters, setFilters] = useState<TMonitorFilters>(NO_FILTERS);
  const set = (patch: Partial<TMonitorFilters>) => setFilters((f) => ({ ...f, ...patch }));

  const servers = data.data?.servers ?? [];
  const channels = data.data?.channels ?? [];
  const breakdownIds = data.data?.breakdown_ids;
  const breakdown = useMemo(() => new Set(breakdownIds ?? []), [breakdownIds]);
  const setBreakdown = useSetBreakdown();
  const inAlert = useChannelAlerts(channels, now, breakdown);
  const alerting = useMemo(() => new Set(inAlert.map((c) => c.id)), [inAlert]);
  const silent = servers.filter((s) => isServerSilent(s, now));
  const shown = filterMonitorChannels(channels, filters);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Monitor de canais"
        description="Servidores de canais e números de WhatsApp em tempo real."
      />
      {data.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Carregando" />
        </Group>
      ) : data.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={LOAD_ERROR}>
          {errorMessage(data.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <>
          {silent.length > 0 ? (
            <Alert color="red" icon={<IconAlertTriangle />} title="Server não conectado" role="alert">
              Sem sinal de {silent.map((s) => s.id).join(', ')} há 30 segundos ou mais. Os números dele passam
              para outro servidor.
            </Alert>
          ) : null}
          {inAlert.length > 0 ? (
            <Alert color="orange" icon={<IconAlertTriangle />} title="Canais fora do ar" role="alert">
              Há {MONITOR_CHANNEL_ALERT_MS / 1000} segundos ou mais sem conexão:{' '}
              {inAlert.map((c) => `${c.display_name} (#${c.id})`).join(', ')}.
            </Alert>
          ) : null}
          <Card padding={0}>
            <Title order={4} px="md" pt="md" pb="xs">
              Servidores
            </Title>
            <MonitorServersTable servers={servers} channels={channels} now={now} timezone={me.timezone} />
          </Card>
          <Card padding={0}>
            <Stack gap="sm" p="md">
              <Title order={4}>Canais</Title>
              <Group gap="md" align="flex-end" wrap="wrap">
                <TextInput
                  label="Nome"
                  placeholder="Nome, número ou #id"
                  leftSection={<IconSearch size={16} />}
                  value={filters.name}
                  onChange={(e) => set({ name: e.currentTarget.value })}
                  w={{ base: '100%', sm: 240 }}
                />
                <Select
                  label="Servidor"
                  placeholder="Todos"
                  clearable
                  data={servers.map((s) => s.id)}
                  value={filters.server}
                  onChange={(server) => set({ server })}
                  w={{ base: '100%', sm: 220 }}
                />
                <Checkbox
                  label="Somente online"
                  checked={filters.onlineOnly}
                  onChange={(e) => set({ onlineOnly: e.currentTarget.checked })}
                  mb={8}
                />
                <Checkbox
                  label="Somente parados"
                  checked={filters.notRunningOnly}
                  onChange={(e) => set({ notRunningOnly: e.currentTarget.checked })}
                  mb={8}
                />
              </Group>
            </Stack>
            {channels.length === 0 ? (
              <EmptyState
                py="xl"
                icon={<IconBrandWhatsapp size={28} />}
                title="Nenhum número de WhatsApp"
                description="Os números conectados pelo QR code aparecem aqui."
              >
                <EmptyState.Actions>
                  <Button variant="light" component={Link} to="/channels/waweb">
                    Cadastrar número
                  </Button>
                </EmptyState.Actions>
              </EmptyState>
            ) : (
              <>
                <MonitorChannelsTable
                  channels={shown}
                  alerting={alerting}
                  now={now}
                  breakdown={breakdown}
                  onBreakdown={(id, active) => setBreakdown.mutate({ id, active })}
                  breakdownBusy={setBreakdown.isPending}
                />
                {shown.length === 0 ? (
                  <Text size="sm" c="dimmed" p="md">
                    Nenhum canal com esses filtros.
                  </Text>
                ) : null}
              </>
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}
