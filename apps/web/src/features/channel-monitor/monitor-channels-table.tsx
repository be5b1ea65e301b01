import { ActionIcon, Badge, Code, Table, Text, Tooltip } from '@mantine/core';
import { MONITOR_HIDE_DURATION_MS, type TMonitorChannel } from '@prosa/shared/channel-monitor';
import { durationLabel } from '@prosa/shared/elapsed';
import { IconBellOff, IconBellRinging } from '@tabler/icons-react';
import { formatWawebPhone } from '../waweb/format-phone';
import { WawebStateBadge } from '../waweb/waweb-state-badge';
import { stateStart } from './monitor-alerts';

type Props = {
  channels: TMonitorChannel[];
  alerting: Set<number>;
  now: number;
  /** Numbers marked "em pane": no alert while marked. */
  breakdown: ReadonlySet<number>;
  onBreakdown: (id: number, active: boolean) => void;
  breakdownBusy: boolean;
};

/** Time in the current state; spec 2 §9: durations under 30 s are hidden. */
function timeInState(c: TMonitorChannel, now: number): string {
  const ms = now - stateStart(c, now);
  return ms < MONITOR_HIDE_DURATION_MS ? '' : durationLabel(ms / 1000);
}

/** The WhatsApp numbers with their state, their server and how long they have been in that state. */
export function MonitorChannelsTable({
  channels,
  alerting,
  now,
  breakdown,
  onBreakdown,
  breakdownBusy,
}: Props) {
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
            <Table.Th w={60}>Pane</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {channels.map((c) => {
            const alert = alerting.has(c.id);
            const inBreakdown = breakdown.has(c.id);
            const label = inBreakdown
              ? `Encerrar pane de ${c.display_name}`
              : `Marcar pane em ${c.display_name}`;
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
                  {inBreakdown ? (
                    <Badge ml={6} size="xs" color="orange" variant="light">
                      Em pane
                    </Badge>
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
                <Table.Td>
                  <Tooltip label={inBreakdown ? 'Encerrar pane' : 'Marcar pane (silencia o alerta)'}>
                    <ActionIcon
                      variant={inBreakdown ? 'filled' : 'subtle'}
                      color="orange"
                      aria-label={label}
                      aria-pressed={inBreakdown}
                      disabled={breakdownBusy}
                      onClick={() => onBreakdown(c.id, !inBreakdown)}
                    >
                      <IconBellOff size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
