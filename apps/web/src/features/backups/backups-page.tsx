import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { BACKUP_MSG, BACKUPS_PER_PAGE, type TBackupRow, type TBackupStatus } from '@prosa/shared/backups';
import { formatDateTime } from '@prosa/shared/dates';
import { IconAlertCircle, IconDownload, IconEye, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useBackupsPage, useDownloadBackup, useRestoreBackup } from './api';
import { BackupRequestForm } from './backup-request-form';
import { formatSize } from './backup-size';

const STATUS_COLOR: Record<TBackupStatus, string> = {
  waiting: 'gray',
  running: 'blue',
  done: 'teal',
  failed: 'red',
};
const COLUMNS = 7;

/** History backups (spec 3 backup: admin only): ask for a period, follow its progress, download, restore. */
export function BackupsPage() {
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  // Restores asked from this screen and not finished yet keep the list polling.
  const [restoring, setRestoring] = useState<Set<number>>(() => new Set());
  const list = useBackupsPage(page, (busy) => busy || restoring.size > 0);
  const restore = useRestoreBackup();
  const download = useDownloadBackup();
  const [restoreTarget, setRestoreTarget] = useState<TBackupRow | null>(null);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / BACKUPS_PER_PAGE));
  const pending = (b: TBackupRow) => restoring.has(b.id) && b.restored_company === null;
  if (items.some((b) => restoring.has(b.id) && b.restored_company !== null))
    setRestoring(
      new Set([...restoring].filter((id) => !items.some((b) => b.id === id && b.restored_company))),
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Backups"
        description="Cópias dos atendimentos finalizados de um período, para guardar ou consultar em uma nova empresa."
      />
      <BackupRequestForm timezone={user.timezone} />
      {list.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={BACKUP_MSG.loadError}>
          {errorMessage(list.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <Card padding={0}>
          <Table.ScrollContainer minWidth={980} type="native">
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Backups">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Período</Table.Th>
                  <Table.Th>Solicitado em</Table.Th>
                  <Table.Th w={180}>Status</Table.Th>
                  <Table.Th ta="right">Atendimentos</Table.Th>
                  <Table.Th ta="right">Mensagens</Table.Th>
                  <Table.Th ta="right">Tamanho</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? <SkeletonRows rows={3} columns={COLUMNS} /> : null}
                {!list.isPending && items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS}>
                      <Stack align="center" gap="xs" py="xl">
                        <Text fw={500}>Nenhum backup solicitado</Text>
                        <Text size="sm" c="dimmed">
                          Escolha um período acima e solicite o primeiro backup.
                        </Text>
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {items.map((b) => (
                  <Table.Tr key={b.id} data-testid={`backup-${b.id}`}>
                    <Table.Td>
                      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                        {b.period}
                      </Text>
                      {b.requested_by ? (
                        <Text size="xs" c="dimmed">
                          por {b.requested_by}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(b.created_at, user.timezone)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4}>
                        <Badge variant="light" color={STATUS_COLOR[b.status]}>
                          {b.status_label}
                        </Badge>
                        {b.status === 'running' ? (
                          <Progress
                            value={b.progress}
                            size="sm"
                            animated
                            aria-label={`Progresso ${b.progress}%`}
                          />
                        ) : null}
                        {b.status === 'failed' && b.error ? (
                          <Text size="xs" c="red">
                            {b.error}
                          </Text>
                        ) : null}
                      </Stack>
                    </Table.Td>
                    <Table.Td ta="right">{b.status === 'done' ? b.attendances : '—'}</Table.Td>
                    <Table.Td ta="right">{b.status === 'done' ? b.messages : '—'}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatSize(b.size_bytes)}
                    </Table.Td>
                    <Table.Td>
                      {b.status === 'done' ? (
                        <Stack gap={6} align="flex-end">
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            <Button
                              size="xs"
                              variant="light"
                              leftSection={<IconDownload size={14} />}
                              loading={download.isPending && download.variables?.id === b.id}
                              onClick={() => download.mutate(b)}
                            >
                              Baixar
                            </Button>
                            {b.restored_company === null ? (
                              <Button
                                size="xs"
                                variant="default"
                                leftSection={<IconRestore size={14} />}
                                loading={pending(b)}
                                onClick={() => setRestoreTarget(b)}
                              >
                                Restaurar em nova empresa
                              </Button>
                            ) : null}
                          </Group>
                          {b.restored_company ? (
                            <>
                              <Anchor
                                component={Link}
                                to={`/backups/${b.id}/restored`}
                                size="sm"
                                style={{ whiteSpace: 'nowrap' }}
                              >
                                <Group gap={4} wrap="nowrap">
                                  <IconEye size={14} />
                                  Ver atendimentos
                                </Group>
                              </Anchor>
                              <Text size="xs" c="dimmed" ta="right" maw={220}>
                                Restaurado em {b.restored_company.name}
                              </Text>
                            </>
                          ) : null}
                        </Stack>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {pages > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {total} backups
          </Text>
          <PagePagination total={pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
      <ConfirmDialog
        opened={restoreTarget !== null}
        title="Restaurar em nova empresa"
        confirmLabel="Restaurar"
        loading={restore.isPending}
        onClose={() => setRestoreTarget(null)}
        onConfirm={() => {
          const target = restoreTarget;
          if (!target) return;
          restore.mutate(target.id, {
            onSuccess: () => {
              setRestoring((s) => new Set(s).add(target.id));
              setRestoreTarget(null);
            },
          });
        }}
      >
        <Text size="sm">
          Criar uma nova empresa com os atendimentos do backup de <b>{restoreTarget?.period}</b>? Ela entra na
          sua lista de empresas, para consulta do histórico.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
