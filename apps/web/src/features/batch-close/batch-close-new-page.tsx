import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { BATCH_CLOSE_MSG, currentMonthRange, type TBatchCloseCreate } from '@prosa/shared/batch-close';
import { formatDate } from '@prosa/shared/dates';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { useSectors } from '../sectors/api';
import { useStatuses } from '../statuses/api';
import { useUsers } from '../users/api';
import { type TActionValues, toBody, validate } from './action-values';
import { type TOpenHistoriesQuery, useBatchCloseQueues, useCreateBatchClose, useOpenHistories } from './api';
import { BatchCloseActionForm } from './batch-close-action-form';
import { BatchCloseFilters, type TFilterValues, toQuery } from './batch-close-filters';
import { actionLabel } from './batch-close-parts';
import { BatchCloseSelection } from './batch-close-selection';

/** New batch action (spec 3 §2 new): search open attendances, select them, choose the action, confirm. */
export function BatchCloseNewPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const defaults = useMemo<TFilterValues>(() => {
    const month = currentMonthRange(new Date(), user.timezone);
    return { fromDate: month.fromDate, toDate: month.toDate, userId: null, message: '', statusId: null };
  }, [user.timezone]);
  const [query, setQuery] = useState<TOpenHistoriesQuery>(() => toQuery(defaults));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<{ body: TBatchCloseCreate; summary: string } | null>(null);
  // Each "Pesquisar" runs the search again, even with the same filters.
  const [run, setRun] = useState(0);
  const search = useOpenHistories(query, run);
  const queues = useBatchCloseQueues();
  const users = useUsers();
  const statuses = useStatuses();
  const sectors = useSectors();
  const create = useCreateBatchClose();
  const busy = queues.data?.hasInProgressQueue ?? false;

  const submit = (values: TActionValues) => {
    const body = toBody(values, [...selected], { ...query });
    const found = validate(body);
    setErrors(found);
    if (found.histories) toast.warning(found.histories);
    if (Object.keys(found).length > 0) return;
    const target =
      body.action_id === 1 || body.action_id === 4
        ? statuses.data?.find((s) => s.id === body.status_id)?.name
        : body.action_id === 2
          ? sectors.data?.find((s) => s.id === body.sector_id)?.name
          : body.action_id === 3
            ? body.user_id
              ? users.data?.find((u) => u.id === body.user_id)?.display_name
              : 'sem responsável'
            : null;
    setPending({ body, summary: `${actionLabel(Number(body.action_id))}${target ? ` (${target})` : ''}` });
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Nova ação em massa"
        description="Pesquise os atendimentos abertos, selecione-os e escolha a ação a aplicar."
        actions={
          <Button
            component={Link}
            to="/batch-close"
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            Voltar
          </Button>
        }
      />
      {busy ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle />}>
          {BATCH_CLOSE_MSG.inProgress}
        </Alert>
      ) : null}
      <BatchCloseFilters
        defaults={defaults}
        users={users.data ?? []}
        statuses={statuses.data ?? []}
        searching={search.isFetching}
        onSearch={(v) => {
          setSelected(new Set());
          setQuery(toQuery(v));
          setRun((n) => n + 1);
        }}
      />
      {search.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={BATCH_CLOSE_MSG.searchError}>
          {errorMessage(search.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <>
          {search.data ? (
            <Text size="sm" c="dimmed">
              Período: {formatDate(`${search.data.fromDate}T12:00:00Z`, 'UTC')} a{' '}
              {formatDate(`${search.data.toDate}T12:00:00Z`, 'UTC')} · {search.data.total} atendimento(s)
              aberto(s)
            </Text>
          ) : null}
          <BatchCloseSelection
            key={JSON.stringify(query)}
            histories={search.data?.histories ?? null}
            total={search.data?.total ?? 0}
            loading={search.isFetching}
            selected={selected}
            onChange={(next) => {
              setSelected(next);
              if (next.size > 0) setErrors(({ histories: _, ...rest }) => rest);
            }}
            tz={user.timezone}
          />
        </>
      )}
      <BatchCloseActionForm
        statuses={statuses.data ?? []}
        sectors={sectors.data ?? []}
        users={users.data ?? []}
        selectedCount={selected.size}
        disabled={busy || create.isPending}
        errors={errors}
        onSubmit={submit}
        onEdit={() =>
          setErrors((old): Record<string, string> => (old.histories ? { histories: old.histories } : {}))
        }
      />
      <Modal
        opened={pending !== null}
        onClose={create.isPending ? () => {} : () => setPending(null)}
        title="Confirmar ação em massa"
        centered
      >
        <Stack gap="lg">
          <Text size="sm">
            Aplicar <b>{pending?.summary}</b> a <b>{pending?.body.histories.length}</b> atendimento(s)? A ação
            é executada em segundo plano e não pode ser desfeita.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)} disabled={create.isPending}>
              Voltar
            </Button>
            <Button
              loading={create.isPending}
              onClick={() => {
                if (!pending) return;
                create.mutate(pending.body, {
                  onSuccess: (result) => navigate(`/batch-close/${result.queue.id}`),
                  onSettled: () => setPending(null),
                });
              }}
            >
              Confirmar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
