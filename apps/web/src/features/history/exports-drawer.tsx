import { Alert, Badge, Button, Drawer, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@prosa/shared/dates';
import type { TExport } from '@prosa/shared/history';
import { HISTORY_MSG } from '@prosa/shared/history';
import { IconAlertCircle, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { useDownload, useExports } from './api';
import { exportDownloadPath } from './export-ready-toast';

const STATUS: Record<string, { label: string; color: string }> = {
  queued: { label: 'Na fila', color: 'gray' },
  processing: { label: 'Processando', color: 'blue' },
  done: { label: 'Finalizado', color: 'teal' },
  failed: { label: 'Falhou', color: 'red' },
};

/** The user's background exports (the 20 latest), with their progress and the download of finished ones. */
export function ExportsDrawer({ opened, onClose, tz }: { opened: boolean; onClose: () => void; tz: string }) {
  const exports = useExports(opened);
  const download = useDownload();
  const downloadingId = download.isPending ? (download.variables?.path ?? null) : null;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={
        <Text fw={650} size="lg">
          Exportações
        </Text>
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Exportações grandes são processadas em segundo plano. Você é avisado quando o arquivo fica pronto.
        </Text>
        {exports.isPending ? (
          <>
            <Skeleton h={72} />
            <Skeleton h={72} />
          </>
        ) : null}
        {exports.isError ? (
          <Alert color="red" icon={<IconAlertCircle />} title="Erro ao carregar as exportações.">
            {errorMessage(exports.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : null}
        {exports.data?.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            Nenhuma exportação em segundo plano.
          </Text>
        ) : null}
        {exports.data?.map((item) => (
          <ExportItem
            key={item.id}
            item={item}
            tz={tz}
            downloading={downloadingId === pathOf(item)}
            onDownload={() => download.mutate({ path: pathOf(item), fallback: 'historico.csv' })}
          />
        ))}
      </Stack>
    </Drawer>
  );
}

const pathOf = (item: TExport) => exportDownloadPath(item.id);

function ExportItem(props: { item: TExport; tz: string; downloading: boolean; onDownload: () => void }) {
  const { item, tz } = props;
  const status = STATUS[item.status] ?? { label: item.status, color: 'gray' };
  const created = formatDateTime(item.created_at, tz);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="export-item">
      <Group justify="space-between" wrap="nowrap" align="center">
        <Group gap="sm" wrap="nowrap">
          <IconFileSpreadsheet size={28} stroke={1.5} color="var(--mantine-color-prosa-7)" aria-hidden />
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Histórico — {created}
            </Text>
            <Group gap="xs">
              <Badge color={status.color} variant="light">
                {status.label}
              </Badge>
              {item.rows !== null ? (
                <Text size="xs" c="dimmed">
                  {item.rows === 1 ? '1 linha' : `${item.rows} linhas`}
                </Text>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
          disabled={item.status !== 'done'}
          loading={props.downloading}
          onClick={props.onDownload}
          aria-label={`Baixar exportação de ${created}`}
          title={item.status === 'done' ? undefined : HISTORY_MSG.exportNotReady}
        >
          Baixar
        </Button>
      </Group>
    </Paper>
  );
}
