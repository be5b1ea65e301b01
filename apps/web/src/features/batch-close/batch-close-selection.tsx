import { Alert, Badge, Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { BATCH_CLOSE_MAX_ITEMS, type TOpenHistory } from '@prosa/shared/batch-close';
import { formatDateTime } from '@prosa/shared/dates';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { channelLabel } from '../../components/channel-icon';
import { PagePagination } from '../../components/page-pagination';
import { SkeletonRows } from '../../components/skeleton-rows';

const PER_PAGE = 20;
const COLUMNS = 8;

/** The open attendances found, paged on the screen, with a select-all over every one of them. */
export function BatchCloseSelection(props: {
  histories: TOpenHistory[] | null;
  total: number;
  loading: boolean;
  selected: Set<number>;
  onChange: (next: Set<number>) => void;
  tz: string;
}) {
  const [page, setPage] = useState(1);
  const list = props.histories ?? [];
  const pages = Math.max(1, Math.ceil(list.length / PER_PAGE));
  const current = Math.min(page, pages);
  const shown = list.slice((current - 1) * PER_PAGE, current * PER_PAGE);
  const allSelected = list.length > 0 && list.every((h) => props.selected.has(h.id));
  const someSelected = !allSelected && list.some((h) => props.selected.has(h.id));

  const toggle = (id: number, on: boolean) => {
    const next = new Set(props.selected);
    if (on) next.add(id);
    else next.delete(id);
    props.onChange(next);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>Atendimentos abertos</Text>
        <Badge variant="light" size="lg" aria-live="polite">
          {props.selected.size} de {list.length} selecionado(s)
        </Badge>
      </Group>
      {props.total > list.length ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle />}>
          {props.total} atendimentos encontrados; são listados os {BATCH_CLOSE_MAX_ITEMS} mais recentes.
          Refine os filtros para alcançar os demais.
        </Alert>
      ) : null}
      <Card padding={0}>
        <Table.ScrollContainer minWidth={900} type="native">
          <Table
            highlightOnHover
            verticalSpacing="xs"
            horizontalSpacing="md"
            aria-label="Atendimentos abertos"
          >
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Selecionar todos"
                    checked={allSelected}
                    indeterminate={someSelected}
                    disabled={list.length === 0}
                    onChange={(e) =>
                      props.onChange(e.currentTarget.checked ? new Set(list.map((h) => h.id)) : new Set())
                    }
                  />
                </Table.Th>
                <Table.Th>Protocolo</Table.Th>
                <Table.Th>Contato</Table.Th>
                <Table.Th>Canal</Table.Th>
                <Table.Th>Setor</Table.Th>
                <Table.Th>Operador</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Última mensagem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.loading ? <SkeletonRows rows={5} columns={COLUMNS} /> : null}
              {!props.loading && props.histories !== null && list.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS}>
                    <Stack align="center" gap={4} py="xl">
                      <Text fw={500}>Nenhum atendimento aberto encontrado</Text>
                      <Text size="sm" c="dimmed">
                        Altere o período ou os filtros e pesquise novamente.
                      </Text>
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {props.loading
                ? null
                : shown.map((h) => (
                    <Table.Tr
                      key={h.id}
                      bg={props.selected.has(h.id) ? 'var(--mantine-color-blue-light)' : undefined}
                    >
                      <Table.Td>
                        <Checkbox
                          aria-label={`Selecionar ${h.name} (${h.protocol})`}
                          checked={props.selected.has(h.id)}
                          onChange={(e) => toggle(h.id, e.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {h.protocol}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {h.name}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={1} maw={260}>
                          {h.last_message_preview}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{channelLabel(h.channel_kind)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{h.sector_name ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{h.operator_name ?? 'Sem responsável'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{h.status_name ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(h.last_message_at, props.tz)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {pages > 1 ? (
        <Group justify="center">
          <PagePagination total={pages} value={current} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}
