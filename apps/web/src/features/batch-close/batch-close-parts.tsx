import { Badge, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import {
  BATCH_CLOSE_ACTION_LABEL,
  BATCH_CLOSE_STATE_LABEL,
  batchCloseItemLabel,
  batchCloseProgress,
  type TBatchCloseAction,
  type TBatchCloseQueue,
  type TBatchCloseState,
} from '@prosa/shared/batch-close';

const STATE_COLOR: Record<TBatchCloseState, string> = {
  preparing: 'gray',
  prepared: 'blue',
  running: 'yellow',
  done: 'teal',
  error: 'red',
  canceled: 'gray',
};

export function StateBadge({ state }: { state: TBatchCloseState }) {
  return (
    <Badge color={STATE_COLOR[state]} variant={state === 'canceled' ? 'outline' : 'light'}>
      {BATCH_CLOSE_STATE_LABEL[state]}
    </Badge>
  );
}

export function ItemBadge({ state }: { state: string }) {
  const color = state === 'done' ? 'teal' : state === 'skipped' ? 'red' : 'gray';
  return (
    <Badge color={color} variant="light">
      {batchCloseItemLabel(state)}
    </Badge>
  );
}

export function actionLabel(actionId: number): string {
  return BATCH_CLOSE_ACTION_LABEL[actionId as TBatchCloseAction] ?? `Ação ${actionId}`;
}

/** What the action does, in a few words: the status, sector, operator or message it applies. */
export function actionTarget(q: TBatchCloseQueue): string {
  if (q.action_id === 1 || q.action_id === 4) return q.status_name ?? '—';
  if (q.action_id === 2) return q.sector_name ?? '—';
  if (q.action_id === 3) return q.user_name ?? 'Sem responsável';
  return q.message ?? '';
}

export function QueueProgress({
  queue,
  size = 'md',
}: {
  queue: TBatchCloseQueue;
  size?: 'sm' | 'md' | 'lg';
}) {
  const percent = batchCloseProgress(queue);
  const failedPercent = queue.total > 0 ? (queue.failed_count / queue.total) * 100 : 0;
  const donePercent = queue.total > 0 ? (queue.done_count / queue.total) * 100 : 0;
  return (
    <Stack gap={4} miw={160}>
      <Progress.Root size={size} aria-label={`Progresso ${percent}%`}>
        <Progress.Section value={donePercent} color="teal" animated={queue.status === 'running'} />
        <Progress.Section value={failedPercent} color="red" />
      </Progress.Root>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {size === 'sm'
            ? `${queue.done_count + queue.failed_count}/${queue.total} processados · ${queue.failed_count} falharam`
            : `${queue.done_count} concluídos · ${queue.failed_count} falharam · ${queue.total} no total`}
        </Text>
        <Text size="xs" fw={600}>
          {percent}%
        </Text>
      </Group>
    </Stack>
  );
}

export function CancelQueueDialog(props: {
  queue: TBatchCloseQueue | null;
  loading: boolean;
  onConfirm: (q: TBatchCloseQueue) => void;
  onClose: () => void;
}) {
  const q = props.queue;
  return (
    <Modal
      opened={q !== null}
      onClose={props.loading ? () => {} : props.onClose}
      title="Cancelar ação em massa"
      centered
    >
      <Stack gap="lg">
        <Text size="sm">
          Deseja cancelar a ação em massa #{q?.id} ({q ? actionLabel(q.action_id) : ''})? Os atendimentos já
          processados não serão desfeitos; os pendentes não serão processados.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose} disabled={props.loading}>
            Voltar
          </Button>
          <Button
            color="red"
            loading={props.loading}
            onClick={() => {
              if (q) props.onConfirm(q);
            }}
          >
            Cancelar ação
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
