import { ActionIcon, Badge, Group, Skeleton, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { CHANNEL_LABEL, type TChannelKind } from '@prosa/shared/channels';
import { formatDateTime } from '@prosa/shared/dates';
import { durationLabel } from '@prosa/shared/elapsed';
import type { THistoryColumn, THistoryRow } from '@prosa/shared/history';
import { IconDownload, IconMessages, IconRestore } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Column = {
  key: string;
  label: string;
  /** Optional columns follow the user's choice; the others are always shown. */
  optional?: THistoryColumn;
  render: (row: THistoryRow, tz: string) => ReactNode;
};

const dash = (value: string | null | undefined) => (value ? value : '—');
const channelName = (kind: string) => CHANNEL_LABEL[kind as TChannelKind] ?? kind;

const COLUMNS: Column[] = [
  {
    key: 'protocol',
    label: 'Protocolo',
    render: (r) => (
      <Text ff="monospace" size="sm">
        {r.protocol}
      </Text>
    ),
  },
  {
    key: 'name',
    label: 'Nome',
    render: (r) => (
      <Text size="sm" fw={500}>
        {r.name}
      </Text>
    ),
  },
  { key: 'channel', label: 'Canal', render: (r) => channelName(r.channel_kind) },
  { key: 'start', label: 'Início', render: (r, tz) => formatDateTime(r.first_start_chat_at, tz) },
  {
    key: 'closed_at',
    label: 'Finalizado em',
    render: (r, tz) =>
      r.closed_at ? (
        formatDateTime(r.closed_at, tz)
      ) : (
        <Badge color="yellow" variant="light">
          Em aberto
        </Badge>
      ),
  },
  { key: 'operator', label: 'Operador', render: (r) => dash(r.operator_assigned_name) },
  { key: 'status', label: 'Status finalização', optional: 'status', render: (r) => dash(r.status_name) },
  {
    key: 'closed_by',
    label: 'Finalizado por',
    optional: 'closed_by',
    render: (r) => dash(r.closed_by_user_name),
  },
  { key: 'sector', label: 'Setor', optional: 'sector', render: (r) => dash(r.sector_name) },
  { key: 'tme', label: 'TME', optional: 'tme', render: (r) => durationLabel(r.waiting_seconds) },
  { key: 'to', label: 'TO', optional: 'to', render: (r) => durationLabel(r.handling_seconds) },
  { key: 'cpf', label: 'CPF/CNPJ', optional: 'cpf', render: (r) => dash(r.cpf) },
  { key: 'edited_name', label: 'Nome editado', optional: 'edited_name', render: (r) => dash(r.edited_name) },
  // The attendance's contact fields "contrato" and "valor_contrato" (spec 2 §3 contact_metadata).
  { key: 'contract', label: 'Contrato', optional: 'contract', render: (r) => dash(r.contract) },
  {
    key: 'contract_value',
    label: 'Valor do contrato',
    optional: 'contract_value',
    render: (r) => dash(r.contract_value),
  },
];

type Props = {
  rows: THistoryRow[];
  visible: readonly THistoryColumn[];
  loading: boolean;
  tz: string;
  downloadingId: number | null;
  onOpen: (row: THistoryRow) => void;
  onDownload: (row: THistoryRow) => void;
  onRestore: (row: THistoryRow) => void;
};

// The actions stay in sight at the right edge while the columns scroll sideways.
const stickyCell = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: '-1px 0 0 var(--mantine-color-gray-3)',
} as const;

export function HistoryTable(props: Props) {
  const columns = COLUMNS.filter((c) => !c.optional || props.visible.includes(c.optional));
  return (
    <Table.ScrollContainer minWidth={Math.max(720, columns.length * 130 + 130)} type="native">
      <Table
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="md"
        aria-label="Atendimentos do histórico"
      >
        <Table.Thead bg="gray.0">
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} style={{ whiteSpace: 'nowrap' }}>
                {c.label}
              </Table.Th>
            ))}
            <Table.Th w={132} style={{ ...stickyCell, background: 'var(--mantine-color-gray-0)' }}>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.loading
            ? skeletonRows(columns.length + 1)
            : props.rows.map((row) => (
                <Table.Tr key={row.id}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} style={{ whiteSpace: 'nowrap' }}>
                      {c.render(row, props.tz)}
                    </Table.Td>
                  ))}
                  <Table.Td style={stickyCell}>
                    <RowActions row={row} {...props} />
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowActions({ row, downloadingId, onOpen, onDownload, onRestore }: Props & { row: THistoryRow }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Ver conversa" withArrow>
        <ActionIcon variant="subtle" aria-label={`Ver conversa ${row.protocol}`} onClick={() => onOpen(row)}>
          <IconMessages size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Baixar CSV" withArrow>
        <ActionIcon
          variant="subtle"
          aria-label={`Baixar CSV ${row.protocol}`}
          loading={downloadingId === row.id}
          onClick={() => onDownload(row)}
        >
          <IconDownload size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={row.open ? 'O atendimento já está em aberto' : 'Restaurar atendimento'} withArrow>
        <ActionIcon
          variant="subtle"
          color="orange"
          aria-label={`Restaurar atendimento ${row.protocol}`}
          disabled={row.open}
          onClick={() => onRestore(row)}
        >
          <IconRestore size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function skeletonRows(cells: number) {
  return Array.from({ length: 6 }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <Table.Tr key={i} aria-hidden>
      {Array.from({ length: cells }, (_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
        <Table.Td key={j}>
          <Skeleton h={14} w={j % 3 === 0 ? '80%' : '60%'} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
