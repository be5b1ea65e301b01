import { Button, Group, Modal, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  OPERATIONAL_ATTENDANCE_COLUMNS,
  OPERATIONAL_PAUSE_COLUMNS,
  type TReportCell,
  type TReportColumn,
} from '@prosa/shared/reports';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { dashboardQuery, downloadCsv, type TDashboardFilter, useOperationalDetails } from './api';
import { Cells, HeaderRow } from './report-cells';

function DetailsTable(props: {
  title: string;
  columns: TReportColumn[];
  data: { rows: Record<string, TReportCell>[]; total: number; page: number; perPage: number } | undefined;
  onPage: (p: number) => void;
  onCsv: () => void;
  empty: string;
}) {
  const d = props.data;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>
          {props.title}
          {d ? ` (${d.total})` : ''}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
          onClick={props.onCsv}
          disabled={!d?.total}
        >
          Baixar CSV
        </Button>
      </Group>
      {!d ? (
        <Skeleton h={120} />
      ) : d.rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {props.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={props.title}>
            <Table.Thead>
              <HeaderRow columns={props.columns} />
            </Table.Thead>
            <Table.Tbody>
              {d.rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of one page in order
                <Table.Tr key={i}>
                  <Cells columns={props.columns} row={r} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {d && d.total > d.perPage ? (
        <Pagination size="sm" total={Math.ceil(d.total / d.perPage)} value={d.page} onChange={props.onPage} />
      ) : null}
    </Stack>
  );
}

/** A user's details in the period: attendances (30 a page) and pauses (50 a page), each with its CSV. */
export function OperationalDetails(props: {
  user: { id: number; name: string } | null;
  filter: TDashboardFilter;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const [pausePage, setPausePage] = useState(1);
  const q = useOperationalDetails(props.user?.id ?? null, props.filter, page, pausePage);
  const csv = (table: 'attendances' | 'pauses') =>
    downloadCsv(
      `/api/dashboards/operational-summary/details?${dashboardQuery(
        { ...props.filter, sectorId: null, channelId: null },
        { user_id: props.user?.id ?? 0, format: 'csv', table },
      )}`,
      table === 'attendances' ? 'resumo-operacional-atendimentos.csv' : 'resumo-operacional-pausas.csv',
    );
  return (
    <Modal
      opened={props.user !== null}
      onClose={props.onClose}
      title={`Detalhes de ${props.user?.name ?? ''}`}
      size="xl"
    >
      <Stack gap="lg">
        <DetailsTable
          title="Atendimentos"
          columns={OPERATIONAL_ATTENDANCE_COLUMNS}
          data={q.data?.attendances}
          onPage={setPage}
          onCsv={() => csv('attendances')}
          empty="Nenhum atendimento neste período."
        />
        <DetailsTable
          title="Pausas"
          columns={OPERATIONAL_PAUSE_COLUMNS}
          data={q.data?.pauses}
          onPage={setPausePage}
          onCsv={() => csv('pauses')}
          empty="Nenhuma pausa neste período."
        />
      </Stack>
    </Modal>
  );
}
