import { Alert, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  BATCH_CLOSE_MSG,
  isBatchCloseInProgress,
  type TBatchCloseItemState,
} from '@prosa/shared/batch-close';
import { formatDateTime } from '@prosa/shared/dates';
import { IconAlertCircle, IconArrowLeft, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useBatchCloseQueue, useCancelBatchClose } from './api';
import {
  actionLabel,
  actionTarget,
  CancelQueueDialog,
  ItemBadge,
  QueueProgress,
  StateBadge,
} from './batch-close-parts';

const FILTERS = [
  { value: 'all', label: 'Todos' },
  { value: 'pending', label: 'Pendentes' },
  { value: 'done', label: 'Concluídos' },
  { value: 'skipped', label: 'Falharam' },
];

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** One batch close queue (spec 3 §2 detail): live progress, the items with their states and why they failed. */
export function BatchCloseDetailPage() {
  const user = useCurrentUser();
  const id = Number(useParams().id);
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('all');
  const itemStatus = filter === 'all' ? null : (filter as TBatchCloseItemState);
  const detail = useBatchCloseQueue(Number.isInteger(id) ? id : 0, page, itemStatus);
  const cancel = useCancelBatchClose();
  const [confirming, setConfirming] = useState(false);
  const q = detail.data?.queue;
  const tz = user.timezone;

  const back = (
    <Button component={Link} to="/batch-close" variant="default" leftSection={<IconArrowLeft size={16} />}>
      Voltar
    </Button>
  );

  if (detail.isError)
    return (
      <Stack gap="lg">
        <PageHeader title="Ação em massa" actions={back} />
        <Alert color="red" icon={<IconAlertCircle />} title={BATCH_CLOSE_MSG.notFound}>
          {errorMessage(detail.error, BATCH_CLOSE_MSG.loadError)}
        </Alert>
      </Stack>
    );

  const pages = detail.data ? Math.max(1, Math.ceil(detail.data.items_total / detail.data.per_page)) : 1;

  return (
    <Stack gap="lg">
      <PageHeader
        title={q ? `Ação em massa #${q.id}` : 'Ação em massa'}
        description={q ? actionLabel(q.action_id) : undefined}
        actions={
          <>
            {back}
            {q && isBatchCloseInProgress(q.status) ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconX size={16} />}
                onClick={() => setConfirming(true)}
              >
                Cancelar ação
              </Button>
            ) : null}
          </>
        }
      />
      <Card>
        {q ? (
          <Stack gap="md">
            <Group justify="space-between" align="center">
              <Group gap="sm" role="status" aria-live="polite" aria-label="Situação da ação">
                <Text fw={600}>Situação</Text>
                <StateBadge state={q.status} />
              </Group>
              {q.error ? (
                <Text size="sm" c="red">
                  {q.error}
                </Text>
              ) : null}
            </Group>
            <QueueProgress queue={q} size="lg" />
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
              <Fact label="Ação">{actionLabel(q.action_id)}</Fact>
              <Fact
                label={
                  q.action_id === 5
                    ? 'Mensagem'
                    : q.action_id === 2
                      ? 'Setor'
                      : q.action_id === 3
                        ? 'Responsável'
                        : 'Status'
                }
              >
                {actionTarget(q)}
              </Fact>
              <Fact label="Criada por">
                {q.created_by_name ?? '—'} em {formatDateTime(q.created_at, tz)}
              </Fact>
              <Fact label={q.status === 'canceled' ? 'Cancelada' : 'Concluída em'}>
                {q.status === 'canceled'
                  ? `${q.canceled_by_name ?? '—'}${q.finished_at ? ` em ${formatDateTime(q.finished_at, tz)}` : ''}`
                  : q.finished_at
                    ? formatDateTime(q.finished_at, tz)
                    : '—'}
              </Fact>
            </SimpleGrid>
          </Stack>
        ) : (
          <SkeletonBlock />
        )}
      </Card>

      <Group justify="space-between">
        <SegmentedControl
          aria-label="Filtrar atendimentos"
          data={FILTERS}
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPage(1);
          }}
        />
        <Text size="sm" c="dimmed">
          {detail.data ? `${detail.data.items_total} atendimento(s)` : ''}
        </Text>
      </Group>
      <Card padding={0}>
        <Table.ScrollContainer minWidth={760} type="native">
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Atendimentos da ação">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>Protocolo</Table.Th>
                <Table.Th>Contato</Table.Th>
                <Table.Th>Status do atendimento</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Motivo</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.isPending ? <SkeletonRows rows={5} columns={5} /> : null}
              {detail.data && detail.data.items.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text ta="center" c="dimmed" py="lg" size="sm">
                      Nenhum atendimento nesta situação.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {detail.data?.items.map((item) => (
                <Table.Tr key={item.attendance_id}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {item.protocol ?? `#${item.attendance_id}`}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.contact_name ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {item.attendance_status_name ?? '—'}
                      {item.closed ? ' (finalizado)' : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ItemBadge state={item.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={item.error ? 'red' : 'dimmed'}>
                      {item.error ?? '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {pages > 1 ? (
        <Group justify="center">
          <PagePagination total={pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
      <CancelQueueDialog
        queue={confirming && q ? q : null}
        loading={cancel.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={(target) => cancel.mutate(target.id, { onSettled: () => setConfirming(false) })}
      />
    </Stack>
  );
}

function SkeletonBlock() {
  return (
    <Table>
      <Table.Tbody>
        <SkeletonRows rows={3} columns={4} />
      </Table.Tbody>
    </Table>
  );
}
