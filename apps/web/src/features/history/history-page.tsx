import { Button, Stack, Text } from '@mantine/core';
import { type THistoryRow, ZHistoryFilters } from '@prosa/shared/history';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { useSectors } from '../sectors/api';
import { useStatuses } from '../statuses/api';
import { useUsers } from '../users/api';
import {
  useAttendance,
  useDownload,
  useExportHistory,
  useHistorySearch,
  useRestoreAttendance,
  useSaveHistoryColumns,
  useUserSettings,
} from './api';
import { ConversationModal, type TConversationHeader } from './conversation-modal';
import { ExportsDrawer } from './exports-drawer';
import { visibleColumns } from './history-columns';
import { HistoryFilterPanel } from './history-filter-panel';
import {
  defaultFormValues,
  filtersToParams,
  formToFilters,
  historyQueryString,
  paramsToSearch,
  searchToParams,
  type THistorySearch,
} from './history-filters';
import { HistoryPdfButton } from './history-pdf-button';
import { HistoryResults } from './history-results';

const HISTORY_ID = 'historyId';

/** Histórico (spec 2 §2 main.history): filters and page live in the address, so a reload keeps the search. */
export function HistoryPage() {
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => paramsToSearch(params, new Date(), me.timezone), [params, me.timezone]);
  const filters = formToFilters(search.values);
  const check = ZHistoryFilters.safeParse(filters);
  const queryString = historyQueryString(search);
  const history = useHistorySearch(queryString, check.success);

  const sectors = useSectors();
  const statuses = useStatuses();
  const users = useUsers();
  const settings = useUserSettings();
  const saveColumns = useSaveHistoryColumns();
  const restore = useRestoreAttendance();
  const download = useDownload();
  const [exportsOpen, setExportsOpen] = useState(false);
  const exportHistory = useExportHistory(() => setExportsOpen(true));
  const [restoring, setRestoring] = useState<THistoryRow | null>(null);

  const openId = Number(params.get(HISTORY_ID)) || null;
  const rows = history.data?.items ?? [];
  const openRow = rows.find((r) => r.id === openId) ?? null;
  const card = useAttendance(openId, openId !== null && !openRow && !history.isPending);
  const header: TConversationHeader | null = openRow ?? cardHeader(card.data, statuses.data);

  useEffect(() => {
    if (card.isError) toast.apiError(card.error);
  }, [card.isError, card.error]);

  const go = (next: THistorySearch, opts: { keepOpen?: boolean } = {}) => {
    const nextParams = searchToParams(next);
    if (opts.keepOpen && openId !== null) nextParams.set(HISTORY_ID, String(openId));
    setParams(nextParams);
  };
  const setOpen = (id: number | null) => {
    const nextParams = new URLSearchParams(params);
    if (id === null) nextParams.delete(HISTORY_ID);
    else nextParams.set(HISTORY_ID, String(id));
    setParams(nextParams);
  };
  const downloadCsv = (row: { id: number; protocol: string }) =>
    download.mutate({ path: `/api/history/download/${row.id}`, fallback: `atendimento-${row.protocol}.csv` });
  const downloadingId =
    download.isPending && download.variables?.path.startsWith('/api/history/download/')
      ? Number(download.variables.path.split('/').pop())
      : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Histórico"
        description="Atendimentos finalizados: pesquise, veja a conversa, exporte ou restaure."
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={() => setExportsOpen(true)}
            >
              Exportações
            </Button>
            <HistoryPdfButton query={filtersToParams(filters).toString()} disabled={!check.success} />
            <Button
              leftSection={<IconDownload size={16} />}
              loading={exportHistory.isPending}
              disabled={!check.success}
              onClick={() => exportHistory.mutate(filtersToParams(filters).toString())}
            >
              Exportar
            </Button>
          </>
        }
      />
      <HistoryFilterPanel
        key={filtersToParams(filters).toString()}
        initialValues={search.values}
        defaults={defaultFormValues(new Date(), me.timezone)}
        sectors={sectors.data ?? []}
        statuses={statuses.data ?? []}
        users={users.data ?? []}
        searching={history.isFetching}
        onSearch={(values) => {
          go({ values, page: 1, count: search.count });
          // The same search again: the address does not change, so ask the server again.
          if (historyQueryString({ values, page: 1, count: search.count }) === queryString) history.refetch();
        }}
      />
      <HistoryResults
        rows={rows}
        total={history.data?.total ?? 0}
        page={search.page}
        count={search.count}
        loading={check.success && history.isPending}
        refreshing={history.isFetching && !history.isPending}
        error={history.isError ? history.error : null}
        invalidReason={check.success ? null : (check.error.issues[0]?.message ?? null)}
        visible={visibleColumns(settings.data?.history_columns)}
        savingColumns={saveColumns.isPending}
        tz={me.timezone}
        downloadingId={downloadingId}
        onColumns={(columns) => saveColumns.mutate(columns)}
        onPage={(page) => go({ ...search, page }, { keepOpen: true })}
        onCount={(count) => go({ ...search, page: 1, count })}
        onOpen={(row) => setOpen(row.id)}
        onDownload={downloadCsv}
        onRestore={setRestoring}
      />
      <ConversationModal
        attendanceId={openId}
        header={header}
        tz={me.timezone}
        downloading={downloadingId !== null && downloadingId === openId}
        onDownload={downloadCsv}
        onClose={() => setOpen(null)}
      />
      <ExportsDrawer opened={exportsOpen} onClose={() => setExportsOpen(false)} tz={me.timezone} />
      <ConfirmDialog
        opened={restoring !== null}
        title="Restaurar atendimento"
        confirmLabel="Restaurar"
        loading={restore.isPending}
        onClose={() => setRestoring(null)}
        onConfirm={() =>
          restoring && restore.mutate(restoring.contact_id, { onSettled: () => setRestoring(null) })
        }
      >
        <Text size="sm">
          O último atendimento finalizado de <strong>{restoring?.name}</strong> volta a ficar em aberto, na
          tela de Atendimentos. Deseja continuar?
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function cardHeader(
  card: ReturnType<typeof useAttendance>['data'],
  statuses: ReturnType<typeof useStatuses>['data'],
): TConversationHeader | null {
  if (!card) return null;
  return {
    id: card.id,
    protocol: card.protocol,
    name: card.name,
    channel_kind: card.channel_kind,
    first_start_chat_at: card.metrics.first_start_chat_at,
    closed_at: card.closed_at,
    status_name: statuses?.find((s) => s.id === card.status)?.name ?? null,
    closed_by_user_name: card.closed_by_user_name,
    operator_assigned_name: card.operator_assigned_name,
  };
}
