import { Badge, Code, Table, Text } from '@mantine/core';
import type { TMonitorChannel, TMonitorServer } from '@prosa/shared/channel-monitor';
import { formatDateTime } from '@prosa/shared/dates';
import { WAWEB_STATE_LABEL } from '@prosa/shared/waweb-states';
import { isServerSilent } from './monitor-alerts';

type Props = { servers: TMonitorServer[]; channels: TMonitorChannel[]; now: number; timezone: string };

/** The channel servers: where they answer, how many numbers they hold, their last ping, silent ones flagged. */
export function MonitorServersTable({ servers, channels, now, timezone }: Props) {
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Servidores">
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>Servidor</Table.Th>
            <Table.Th>Endereço de controle</Table.Th>
            <Table.Th ta="right">Números</Table.Th>
            <Table.Th>Último ping</Table.Th>
            <Table.Th>Situação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {servers.map((s) => {
            const silent = isServerSilent(s, now);
            // Counted from the channels on screen, so it follows channel-update at once.
            const count = channels.filter((c) => c.server_id === s.id).length;
            return (
              <Table.Tr key={s.id} bg={silent ? 'red.0' : undefined}>
                <Table.Td>
                  <Code>{s.id}</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {s.webhook || '—'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{count}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.timestamp, timezone)}</Table.Td>
                <Table.Td>
                  <Badge color={silent ? 'red' : 'teal'} variant="light">
                    {silent ? WAWEB_STATE_LABEL['server-disconnected'] : 'Conectado'}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {servers.length === 0 ? (
        <Text size="sm" c="dimmed" p="md">
          Nenhum servidor de canais ativo.
        </Text>
      ) : null}
    </Table.ScrollContainer>
  );
}
