import { Alert, Card, EmptyState, Group, Loader, Select, Text } from '@mantine/core';
import {
  HISTORY_MSG,
  HISTORY_PAGE_SIZES,
  type THistoryColumn,
  type THistoryRow,
} from '@prosa/shared/history';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import { PagePagination } from '../../components/page-pagination';
import { errorMessage } from '../../lib/api';
import { ColumnChooser } from './column-chooser';
import { HistoryTable } from './history-table';

type Props = {
  rows: THistoryRow[];
  total: number;
  page: number;
  count: number;
  loading: boolean;
  refreshing: boolean;
  error: unknown;
  /** A filter problem found before asking the server (an edited address). */
  invalidReason: string | null;
  visible: readonly THistoryColumn[];
  savingColumns: boolean;
  tz: string;
  downloadingId: number | null;
  onColumns: (columns: THistoryColumn[]) => void;
  onPage: (page: number) => void;
  onCount: (count: number) => void;
  onOpen: (row: THistoryRow) => void;
  onDownload: (row: THistoryRow) => void;
  onRestore: (row: THistoryRow) => void;
};

const PAGE_SIZE_OPTIONS = HISTORY_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }));

/** The grid of the history: total, column chooser, page size, rows and pagination. */
export function HistoryResults(props: Props) {
  const pages = Math.max(1, Math.ceil(props.total / props.count));
  const first = props.total === 0 ? 0 : (props.page - 1) * props.count + 1;
  const last = Math.min(props.total, props.page * props.count);
  const failed = props.error !== null || props.invalidReason !== null;
  const empty = !props.loading && !failed && props.rows.length === 0;

  return (
    <Card padding={0} component="section" aria-label="Resultados do histórico">
      <Group p="md" justify="space-between" gap="sm">
        <Group gap="xs">
          <Text size="sm" fw={500} aria-live="polite">
            {props.loading || failed
              ? ' '
              : props.total === 1
                ? '1 atendimento encontrado'
                : `${props.total.toLocaleString('pt-BR')} atendimentos encontrados`}
          </Text>
          {props.refreshing ? <Loader size="xs" aria-label="Atualizando" /> : null}
        </Group>
        <Group gap="sm">
          <ColumnChooser visible={props.visible} saving={props.savingColumns} onChange={props.onColumns} />
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed" component="label" htmlFor="history-page-size">
              Por página
            </Text>
            <Select
              id="history-page-size"
              data={PAGE_SIZE_OPTIONS}
              value={String(props.count)}
              onChange={(v) => v && props.onCount(Number(v))}
              allowDeselect={false}
              w={84}
            />
          </Group>
        </Group>
      </Group>
      {failed ? (
        <Alert m="md" color="red" variant="light" icon={<IconAlertCircle />} title={HISTORY_MSG.loadError}>
          {props.invalidReason ?? errorMessage(props.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <HistoryTable
          rows={props.rows}
          visible={props.visible}
          loading={props.loading}
          tz={props.tz}
          downloadingId={props.downloadingId}
          onOpen={props.onOpen}
          onDownload={props.onDownload}
          onRestore={props.onRestore}
        />
      )}
      {empty ? (
        <EmptyState
          py="xl"
          icon={<IconHistory size={28} />}
          title="Nenhum atendimento encontrado para os filtros."
          description="Ajuste o período ou os filtros e pesquise de novo."
        />
      ) : null}
      {!failed && props.total > 0 ? (
        <Group justify="space-between" p="md" gap="sm">
          <Text size="sm" c="dimmed">
            {`Mostrando ${first}–${last} de ${props.total.toLocaleString('pt-BR')}`}
          </Text>
          {pages > 1 ? <PagePagination total={pages} value={props.page} onChange={props.onPage} /> : null}
        </Group>
      ) : null}
    </Card>
  );
}
