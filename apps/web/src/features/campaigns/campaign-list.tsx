import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  CAMPAIGN_CHANNEL_LABEL,
  CAMPAIGN_CHANNELS,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MSG,
  CAMPAIGN_STATUS_COLOR,
  CAMPAIGN_STATUS_FILTERS,
  type TCampaign,
  type TCampaignListQuery,
} from '@prosa/shared/campaigns';
import { formatDateTime } from '@prosa/shared/dates';
import {
  IconAlertCircle,
  IconCalendar,
  IconEye,
  IconLockOpen,
  IconPlus,
  IconSpeakerphone,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog, DeleteDialog } from '../../components/confirm-dialog';
import { FilterActions } from '../../components/filter-actions';
import { PagePagination } from '../../components/page-pagination';
import { DeleteAction, EditAction, RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useCampaigns, useDeleteCampaign, useUnlockCampaign } from './api';

const DATE_ARIA = {
  previousMonth: 'Mês anterior',
  nextMonth: 'Próximo mês',
  previousYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  previousDecade: 'Década anterior',
  nextDecade: 'Próxima década',
};

type Filters = {
  title: string;
  status: string | null;
  channel: string | null;
  fromDate: string | null;
  toDate: string | null;
};

/** The list's default period: the last 10 days, today included (spec 3 §2, §9). */
export const defaultPeriod = (today = dayjs()) => ({
  fromDate: today.subtract(CAMPAIGN_LIMITS.listDefaultDays - 1, 'day').format('YYYY-MM-DD'),
  toDate: today.format('YYYY-MM-DD'),
});

const initialFilters = (): Filters => ({ title: '', status: null, channel: null, ...defaultPeriod() });

const COLUMNS = 7;

/** A campaign's status badge with the spec's label (and the progress while it sends). */
export function CampaignStatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge color={CAMPAIGN_STATUS_COLOR[status] ?? 'gray'} variant="light" miw="max-content">
      {label}
    </Badge>
  );
}

/** Spec 3 §2 Campaign list: filters (last 10 days by default), page range and total, live statuses, actions. */
export function CampaignList(props: { onEdit: (c: TCampaign) => void; onNew: () => void }) {
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const [applied, setApplied] = useState<Filters>(filters);
  const [page, setPage] = useState(1);
  const query: TCampaignListQuery = {
    page,
    title: applied.title.trim() || undefined,
    status: (applied.status ?? undefined) as TCampaignListQuery['status'],
    channel: (applied.channel ?? undefined) as TCampaignListQuery['channel'],
    fromDate: applied.fromDate ?? undefined,
    toDate: applied.toDate ?? undefined,
  };
  const list = useCampaigns(query);
  const remove = useDeleteCampaign();
  const unlock = useUnlockCampaign();
  const [removing, setRemoving] = useState<TCampaign | null>(null);
  const [unlocking, setUnlocking] = useState<TCampaign | null>(null);
  const navigate = useNavigate();
  const rows = list.data?.data ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (JSON.stringify(filters) === JSON.stringify(applied) && page === 1) void list.refetch();
    setApplied(filters);
    setPage(1);
  };
  const clear = () => {
    const f = initialFilters();
    setFilters(f);
    setApplied(f);
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Card component="form" onSubmit={submit} aria-label="Filtros de campanhas">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
          <TextInput
            label="Título"
            placeholder="Buscar pelo título"
            value={filters.title}
            maxLength={255}
            onChange={(e) => {
              const title = e.currentTarget.value;
              setFilters((f) => ({ ...f, title }));
            }}
          />
          <Select
            label="Status"
            placeholder="Todos"
            clearable
            data={CAMPAIGN_STATUS_FILTERS.map((s) => ({ value: s.value, label: s.label }))}
            value={filters.status}
            onChange={(status) => setFilters((f) => ({ ...f, status }))}
          />
          <Select
            label="Canal"
            placeholder="Todos"
            clearable
            data={CAMPAIGN_CHANNELS.map((c) => ({ value: c, label: CAMPAIGN_CHANNEL_LABEL[c] }))}
            value={filters.channel}
            onChange={(channel) => setFilters((f) => ({ ...f, channel }))}
          />
          <DatePickerInput
            label="Data inicial"
            placeholder="DD/MM/AAAA"
            valueFormat="DD/MM/YYYY"
            locale="pt-br"
            ariaLabels={DATE_ARIA}
            leftSection={<IconCalendar size={16} />}
            value={filters.fromDate}
            onChange={(fromDate) => setFilters((f) => ({ ...f, fromDate }))}
            maxDate={filters.toDate ?? undefined}
          />
          <DatePickerInput
            label="Data final"
            placeholder="DD/MM/AAAA"
            valueFormat="DD/MM/YYYY"
            locale="pt-br"
            ariaLabels={DATE_ARIA}
            leftSection={<IconCalendar size={16} />}
            value={filters.toDate}
            onChange={(toDate) => setFilters((f) => ({ ...f, toDate }))}
            minDate={filters.fromDate ?? undefined}
          />
        </SimpleGrid>
        <Group mt="md">
          <FilterActions searching={list.isFetching && list.isPlaceholderData} onClear={clear} />
        </Group>
      </Card>

      {list.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={CAMPAIGN_MSG.loadError}>
          {errorMessage(list.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : null}

      <Card padding={0}>
        <Table.ScrollContainer minWidth={900} type="native">
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Campanhas">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>Título</Table.Th>
                <Table.Th>Canal</Table.Th>
                <Table.Th>Público</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th w={180}>Progresso</Table.Th>
                <Table.Th>Criada em</Table.Th>
                <Table.Th w={150}>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending ? <SkeletonRows rows={5} columns={COLUMNS} /> : null}
              {list.isSuccess && rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS}>
                    <Stack align="center" gap="xs" py="xl">
                      <IconSpeakerphone size={32} stroke={1.5} />
                      <Text fw={500}>{CAMPAIGN_MSG.emptyList}</Text>
                      <Text size="sm" c="dimmed">
                        Altere o período ou os filtros, ou crie uma nova campanha.
                      </Text>
                      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={props.onNew}>
                        Nova campanha
                      </Button>
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {rows.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Text component={Link} to={`/campaigns/${c.id}`} fw={500} size="sm" c="blue.7">
                      {c.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{CAMPAIGN_CHANNEL_LABEL[c.channel]}</Text>
                    {c.channel_name ? (
                      <Text size="xs" c="dimmed">
                        {c.channel_name}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {c.to_subscribers ? 'Todos os inscritos' : (c.mailing?.title ?? '—')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <CampaignStatusBadge status={c.status} label={c.status_label} />
                    {c.unlock_count > 0 ? (
                      <Text size="xs" c="dimmed" mt={2}>
                        Destravada {c.unlock_count}×
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Progress
                        value={c.percent}
                        size="sm"
                        animated={c.live && c.percent < 100 && c.status === 'progress'}
                        aria-label={`Progresso de ${c.title}`}
                      />
                      <Text size="xs" c="dimmed">
                        {`${c.percent}% · ${c.processed_contacts} de ${c.total_contacts}`}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(c.created_at)}</Text>
                    {c.schedule_date ? (
                      <Text size="xs" c="dimmed">
                        Agendada: {formatDateTime(c.schedule_date)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <RowActions>
                      <RowAction
                        label="Detalhes"
                        icon={IconEye}
                        name={c.title}
                        onClick={() => navigate(`/campaigns/${c.id}`)}
                      />
                      {c.can_edit ? <EditAction name={c.title} onClick={() => props.onEdit(c)} /> : null}
                      {c.can_unlock ? (
                        <RowAction
                          label="Destravar"
                          icon={IconLockOpen}
                          color="orange"
                          name={c.title}
                          onClick={() => setUnlocking(c)}
                        />
                      ) : null}
                      <DeleteAction name={c.title} onClick={() => setRemoving(c)} />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {list.data ? (
          <Group justify="space-between" px="md" py="sm" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">
              {list.data.total > 0
                ? `Mostrando ${list.data.from}–${list.data.to} de ${list.data.total}`
                : 'Nenhuma campanha'}
              {` · período de ${dayjs(list.data.fromDate).format('DD/MM/YYYY')} a ${dayjs(list.data.toDate).format('DD/MM/YYYY')}`}
            </Text>
            {list.data.last_page > 1 ? (
              <PagePagination total={list.data.last_page} value={page} onChange={setPage} size="sm" />
            ) : null}
          </Group>
        ) : null}
      </Card>

      <DeleteDialog
        target={removing}
        title="Excluir campanha"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(c) => remove.mutate(c.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir a campanha <b>{removing?.title}</b>? Os envios pendentes serão cancelados; os já
          feitos continuam no relatório.
        </Text>
      </DeleteDialog>

      <ConfirmDialog
        opened={unlocking !== null}
        title="Destravar campanha"
        confirmLabel="Destravar"
        confirmColor="orange"
        loading={unlock.isPending}
        onClose={() => setUnlocking(null)}
        onConfirm={() => {
          if (unlocking) unlock.mutate(unlocking.id, { onSettled: () => setUnlocking(null) });
        }}
      >
        <Text size="sm">
          A campanha <b>{unlocking?.title}</b> está parada há mais de 2 minutos. Destravar devolve o envio a
          um processador disponível, sem reenviar a quem já recebeu.
          {unlocking && unlocking.unlock_count > 0
            ? ` Já foi destravada ${unlocking.unlock_count} vez(es).`
            : ''}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
