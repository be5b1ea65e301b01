import { Code, Table, Text } from '@mantine/core';
import { MONITOR_HIDE_DURATION_MS, type TMonitorChannel } from '@prosa/shared/channel-monitor';
import { durationLabel } from '@prosa/shared/elapsed';
import { IconBellRinging } from '@tabler/icons-react';
import { formatWawebPhone } from '../waweb/format-phone';
import { WawebStateBadge } from '../waweb/waweb-state-badge';
import { stateStart } from './monitor-alerts';

type Props = { channels: TMonitorChannel[]; alerting: Set<number>; now: number };

/** Time in the current state; spec 2 §9: durations under 30 s are hidden. */
function timeInState(c: TMonitorChannel, now: number): string {
  const ms = now - stateStart(c, now);
  return ms < MONITOR_HIDE_DURATION_MS ? '' : durationLabel(ms / 1000);
}

/** The WhatsApp numbers with their state, their server and how long they have been in that state. */
export function MonitorChannelsTable({ channels, alerting, now }: Props) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Canais">
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th w={70}>ID</Table.Th>
            <Table.Th>Nome</Table.Th>
            <Table.Th>Número</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>Servidor</Table.Th>
            <Table.Th>Tempo na situação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {channels.map((c) => {
            const alert = alerting.has(c.id);
            return (
              <Table.Tr key={c.id} bg={alert ? 'red.0' : undefined} data-alert={alert || undefined}>
                <Table.Td>#{c.id}</Table.Td>
                <Table.Td fw={500}>
                  {c.display_name}
                  {alert ? (
                    <IconBellRinging
                      size={14}
                      color="var(--mantine-color-red-6)"
                      aria-label="Em alerta"
                      style={{ marginLeft: 6, verticalAlign: 'middle' }}
                    />
                  ) : null}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWawebPhone(c.phone_number)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <WawebStateBadge state={c.state} />
                </Table.Td>
                <Table.Td>{c.server_id ? <Code>{c.server_id}</Code> : '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{timeInState(c, now)}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
