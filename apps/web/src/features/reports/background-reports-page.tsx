import {
  Alert,
  Badge,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { formatDateTime } from '@prosa/shared/dates';
import {
  BACKGROUND_DEFAULT_PAGE_SIZE,
  BACKGROUND_FILTER_STATUSES,
  BACKGROUND_MSG,
  BACKGROUND_PAGE_SIZES,
  BACKGROUND_STATUS_LABEL,
  isBackgroundActive,
  type TBackgroundReportRow,
} from '@prosa/shared/reports';
import { IconAlertCircle, IconDownload, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog, DeleteDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { PerPageSelect } from '../../components/per-page-select';
import { RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useBackgroundReports, useCancelBackground, useDeleteBackground, useDownloadBackground } from './api';

const COLUMNS = 7;
const STATUS_COLOR: Record<TBackgroundReportRow['status'], string> = {
  queued: 'gray',
  processing: 'blue',
  done: 'teal',
  cancelled: 'orange',
  failed: 'red',
};

/** Relatórios em segundo plano (spec 3 §2, §4, §7, §9): the requests, their state, download, cancel, delete. */
export function BackgroundReportsPage() {
  const me = useCurrentUser();
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [count, setCount] = useState<number>(BACKGROUND_DEFAULT_PAGE_SIZE);
  const list = useBackgroundReports({ status, page, count });
  const cancel = useCancelBackground();
  const remove = useDeleteBackground();
  const download = useDownloadBackground();
  const [canceling, setCanceling] = useState<TBackgroundReportRow | null>(null);
  const [deleting, setDeleting] = useState<TBackgroundReportRow | null>(null);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / count));
  const name = (r: TBackgroundReportRow) => `${r.title} ${r.period}`;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Relatórios em segundo plano"
        description="Relatórios de períodos longos gerados em segundo plano. Quando ficam prontos, o link chega por e-mail e o arquivo fica aqui."
      />
      <Group justify="space-between" align="flex-end">
        <Select
          label="Status"
          placeholder="Todos"
          w={220}
          clearable
          data={BACKGROUND_FILTER_STATUSES.map((s) => ({ value: s, label: BACKGROUND_STATUS_LABEL[s] }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
        <PerPageSelect
          id="background-per-page"
          sizes={BACKGROUND_PAGE_SIZES}
          value={count}
          onChange={(n) => {
            setCount(n);
            setPage(1);
          }}
        />
      </Group>
      {list.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={BACKGROUND_MSG.loadError}>
          {errorMessage(list.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <Card padding={0}>
          <Table.ScrollContainer minWidth={900} type="native">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label="Relatórios em segundo plano"
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Relatório</Table.Th>
                  <Table.Th>Período</Table.Th>
                  <Table.Th>Solicitado por</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Criado em</Table.Th>
                  <Table.Th>Finalizado em</Table.Th>
                  <Table.Th w={120}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? <SkeletonRows rows={3} columns={COLUMNS} /> : null}
                {!list.isPending && rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS}>
                      <Text c="dimmed" ta="center" py="lg">
                        Nenhum relatório em segundo plano.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {rows.map((r) => (
                  <Table.Tr key={r.id} aria-label={`Relatório ${name(r)}`}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {r.title}
                      </Text>
                      {r.status === 'done' && r.rows !== null ? (
                        <Text size="xs" c="dimmed">
                          {r.rows} linha{r.rows === 1 ? '' : 's'}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.period}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.requested_by ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      {r.error ? (
                        <Tooltip label={r.error} multiline maw={320}>
                          <Badge color={STATUS_COLOR[r.status]} variant="light">
                            {r.status_label}
                          </Badge>
                        </Tooltip>
                      ) : (
                        <Badge color={STATUS_COLOR[r.status]} variant="light">
                          {r.status_label}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(r.created_at, me.timezone)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {r.finished_at ? formatDateTime(r.finished_at, me.timezone) : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        {r.status === 'done' ? (
                          <RowAction
                            label="Baixar"
                            name={name(r)}
                            icon={IconDownload}
                            disabled={download.isPending}
                            onClick={() => download.mutate(r)}
                          />
                        ) : null}
                        {isBackgroundActive(r.status) ? (
                          <RowAction
                            label="Cancelar"
                            name={name(r)}
                            icon={IconX}
                            color="orange"
                            onClick={() => setCanceling(r)}
                          />
                        ) : null}
                        <RowAction
                          label="Excluir"
                          name={name(r)}
                          icon={IconTrash}
                          color="red"
                          onClick={() => setDeleting(r)}
                        />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? (
            <Group justify="center" py="sm">
              <PagePagination total={pages} value={page} onChange={setPage} />
            </Group>
          ) : null}
        </Card>
      )}
      <ConfirmDialog
        opened={canceling !== null}
        title="Cancelar relatório"
        confirmLabel="Cancelar relatório"
        confirmColor="orange"
        loading={cancel.isPending}
        onClose={() => setCanceling(null)}
        onConfirm={() => canceling && cancel.mutate(canceling.id, { onSettled: () => setCanceling(null) })}
      >
        <Text size="sm">
          O relatório <strong>{canceling?.title}</strong> ({canceling?.period}) deixa de ser gerado. Deseja
          continuar?
        </Text>
      </ConfirmDialog>
      <DeleteDialog
        target={deleting}
        title="Excluir relatório"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={(r) => remove.mutate(r.id, { onSettled: () => setDeleting(null) })}
      >
        <Text size="sm">
          O relatório <strong>{deleting?.title}</strong> ({deleting?.period}) e o seu arquivo serão excluídos.
        </Text>
      </DeleteDialog>
    </Stack>
  );
}
