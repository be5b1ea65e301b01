import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { BATCH_CLOSE_MSG, isBatchCloseInProgress, type TBatchCloseQueue } from '@prosa/shared/batch-close';
import { formatDateTime } from '@prosa/shared/dates';
import { IconAlertCircle, IconEye, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useBatchCloseQueues, useCancelBatchClose } from './api';
import { actionLabel, actionTarget, CancelQueueDialog, QueueProgress, StateBadge } from './batch-close-parts';

const COLUMNS = 7;

/** Batch close list (spec 3 §2 main.batch-close): queues newest first, live progress, cancel after confirmation. */
export function BatchClosePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const list = useBatchCloseQueues();
  const cancel = useCancelBatchClose();
  const [canceling, setCanceling] = useState<TBatchCloseQueue | null>(null);
  const queues = list.data?.queues ?? [];
  const busy = list.data?.hasInProgressQueue ?? false;

  const newButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      disabled={busy || list.isPending}
      onClick={() => navigate('/batch-close/new')}
    >
      Nova ação em massa
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Ações em massa"
        description="Finalize, transfira, classifique ou envie uma mensagem a vários atendimentos abertos de uma vez."
        actions={
          busy ? (
            <Tooltip label="Aguarde a ação em massa em andamento terminar (ou cancele-a) para criar outra.">
              <span>{newButton}</span>
            </Tooltip>
          ) : (
            newButton
          )
        }
      />
      {busy ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle />}>
          Há uma ação em massa em andamento. Uma nova poderá ser criada quando ela terminar ou for cancelada.
        </Alert>
      ) : null}
      {list.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={BATCH_CLOSE_MSG.loadError}>
          {errorMessage(list.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <Card padding={0}>
          <Table.ScrollContainer minWidth={960} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Ações em massa">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th w={70}>#</Table.Th>
                  <Table.Th>Ação</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th w={280}>Progresso</Table.Th>
                  <Table.Th>Criada por</Table.Th>
                  <Table.Th>Criada em</Table.Th>
                  <Table.Th w={90}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? <SkeletonRows rows={3} columns={COLUMNS} /> : null}
                {!list.isPending && queues.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS}>
                      <Stack align="center" gap="xs" py="xl">
                        <Text fw={500}>Nenhuma ação em massa realizada</Text>
                        <Text size="sm" c="dimmed">
                          Busque os atendimentos abertos, selecione-os e escolha a ação.
                        </Text>
                        <Button
                          variant="light"
                          leftSection={<IconPlus size={16} />}
                          onClick={() => navigate('/batch-close/new')}
                        >
                          Nova ação em massa
                        </Button>
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {queues.map((q) => (
                  <Table.Tr key={q.id} aria-label={`Ação em massa ${q.id}`}>
                    <Table.Td>
                      <Text component={Link} to={`/batch-close/${q.id}`} size="sm" fw={600} c="blue">
                        #{q.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {actionLabel(q.action_id)}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={1} maw={260}>
                        {actionTarget(q)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StateBadge state={q.status} />
                    </Table.Td>
                    <Table.Td>
                      <QueueProgress queue={q} size="sm" />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{q.created_by_name ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(q.created_at, user.timezone)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Detalhes">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Detalhes da ação ${q.id}`}
                            onClick={() => navigate(`/batch-close/${q.id}`)}
                          >
                            <IconEye size={16} />
                          </ActionIcon>
                        </Tooltip>
                        {isBatchCloseInProgress(q.status) ? (
                          <Tooltip label="Cancelar">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Cancelar ação ${q.id}`}
                              onClick={() => setCanceling(q)}
                            >
                              <IconX size={16} />
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <CancelQueueDialog
        queue={canceling}
        loading={cancel.isPending}
        onClose={() => setCanceling(null)}
        onConfirm={(q) => cancel.mutate(q.id, { onSettled: () => setCanceling(null) })}
      />
    </Stack>
  );
}
