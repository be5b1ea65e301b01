import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  BLACKLIST_DEFAULT_PAGE_SIZE,
  BLACKLIST_MSG,
  BLACKLIST_PAGE_SIZES,
  BLOCK_STATE_LABEL,
  type TBlockedContact,
} from '@prosa/shared/blacklist';
import { formatDateTime } from '@prosa/shared/dates';
import {
  IconAlertCircle,
  IconCalendar,
  IconEye,
  IconLock,
  IconLockOpen,
  IconShieldOff,
} from '@tabler/icons-react';
import { useState } from 'react';
import { FilterActions } from '../../components/filter-actions';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { PerPageSelect } from '../../components/per-page-select';
import { RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { type TBlockedFilters, useBlockAgain, useBlockChannels, useBlockedContacts, useUnblock } from './api';
import { BlockContactModal } from './block-contact-modal';
import { BlockDetailsModal } from './block-details-modal';
import { ReasonModal } from './reason-modal';
import { useBlacklistGate } from './use-blacklist-gate';

const DATE_ARIA = {
  previousMonth: 'Mês anterior',
  nextMonth: 'Próximo mês',
  previousYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  previousDecade: 'Década anterior',
  nextDecade: 'Próxima década',
  monthLevelControl: 'Escolher mês',
  yearLevelControl: 'Escolher ano',
};

type Filters = {
  contact: string;
  prefix: string | null;
  status: string | null;
  from: string | null;
  to: string | null;
};
const EMPTY: Filters = { contact: '', prefix: null, status: null, from: null, to: null };

/** Lista de bloqueio (main.black-list, spec 3 §2): filters, the paged table, block, unblock, block again, details. */
export function BlackListPage() {
  const access = useBlacklistGate((a) => a.can_list);
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [applied, setApplied] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [count, setCount] = useState(BLACKLIST_DEFAULT_PAGE_SIZE);
  const [blocking, setBlocking] = useState(false);
  const [details, setDetails] = useState<number | null>(null);
  const [unblocking, setUnblocking] = useState<TBlockedContact | null>(null);
  const [again, setAgain] = useState<TBlockedContact | null>(null);
  const query: TBlockedFilters = {
    page,
    count,
    contact: applied.contact || undefined,
    prefix: applied.prefix ?? undefined,
    status: applied.status ?? undefined,
    from_date: applied.from ?? undefined,
    to_date: applied.to ?? undefined,
  };
  const list = useBlockedContacts(query, access !== null);
  const options = useBlockChannels(access !== null);
  const unblock = useUnblock();
  const blockAgain = useBlockAgain();
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const first = total === 0 ? 0 : (page - 1) * count + 1;
  const last = Math.min(total, page * count);

  if (!access)
    return (
      <Stack gap="lg" aria-busy>
        <PageHeader title="Lista de bloqueio" />
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  return (
    <Stack gap="lg">
      <PageHeader
        title="Lista de bloqueio"
        description="Contatos bloqueados: suas novas mensagens são finalizadas automaticamente e não chegam aos operadores."
        actions={
          access.can_write ? (
            <Button color="red" leftSection={<IconShieldOff size={16} />} onClick={() => setBlocking(true)}>
              Bloquear contato
            </Button>
          ) : null
        }
      />
      <Card>
        <form
          aria-label="Filtros"
          onSubmit={(e) => {
            e.preventDefault();
            setApplied(draft);
            setPage(1);
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md">
            <TextInput
              label="Contato"
              placeholder="Telefone, e-mail ou identificador"
              value={draft.contact}
              onChange={(e) => setDraft({ ...draft, contact: e.currentTarget.value })}
            />
            <Select
              label="Tipo de canal"
              placeholder="Todos"
              clearable
              data={options.data?.prefixes ?? []}
              value={draft.prefix}
              onChange={(v) => setDraft({ ...draft, prefix: v })}
            />
            <Select
              label="Situação"
              placeholder="Todas"
              clearable
              data={[
                { value: 'accepted', label: BLOCK_STATE_LABEL.accepted },
                { value: 'denied', label: BLOCK_STATE_LABEL.denied },
              ]}
              value={draft.status}
              onChange={(v) => setDraft({ ...draft, status: v })}
            />
            <DatePickerInput
              label="Data inicial"
              placeholder="DD/MM/AAAA"
              valueFormat="DD/MM/YYYY"
              locale="pt-br"
              clearable
              ariaLabels={DATE_ARIA}
              leftSection={<IconCalendar size={16} />}
              maxDate={draft.to ?? undefined}
              value={draft.from}
              onChange={(v) => setDraft({ ...draft, from: v })}
            />
            <DatePickerInput
              label="Data final"
              placeholder="DD/MM/AAAA"
              valueFormat="DD/MM/YYYY"
              locale="pt-br"
              clearable
              ariaLabels={DATE_ARIA}
              leftSection={<IconCalendar size={16} />}
              minDate={draft.from ?? undefined}
              value={draft.to}
              onChange={(v) => setDraft({ ...draft, to: v })}
            />
          </SimpleGrid>
          <Group mt="md">
            <FilterActions
              searching={list.isFetching && list.isPlaceholderData}
              onClear={() => {
                setDraft(EMPTY);
                setApplied(EMPTY);
                setPage(1);
              }}
            />
          </Group>
        </form>
      </Card>

      {list.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={BLACKLIST_MSG.listError}>
          {errorMessage(list.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <Card padding={0}>
          <Table.ScrollContainer minWidth={860} type="native">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label="Contatos bloqueados"
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Contato</Table.Th>
                  <Table.Th>Canal</Table.Th>
                  <Table.Th>Motivo</Table.Th>
                  <Table.Th w={130}>Situação</Table.Th>
                  <Table.Th miw={130}>Bloqueado por</Table.Th>
                  <Table.Th miw={110}>Atualizado em</Table.Th>
                  <Table.Th w={120}>
                    <Text size="sm" fw={700} ta="right">
                      Ações
                    </Text>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? <SkeletonRows rows={5} columns={7} /> : null}
                {!list.isPending && rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Stack align="center" gap={4} py="xl">
                        <Text fw={500}>Nenhum contato bloqueado</Text>
                        <Text size="sm" c="dimmed">
                          Os contatos bloqueados e desbloqueados aparecem aqui, com seu histórico.
                        </Text>
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {r.contact_display}
                      </Text>
                      {r.contact_display !== r.contact ? (
                        <Text size="xs" c="dimmed">
                          {r.contact}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.prefix_label}</Text>
                      <Text size="xs" c="dimmed">
                        {r.channel_name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2} maw={320}>
                        {r.description}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={r.status === 'accepted' ? 'red' : 'gray'} variant="light" miw={104}>
                        {r.status_label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.block_by_name ?? '—'}</Text>
                      {r.suggest_operator_name ? (
                        <Text size="xs" c="dimmed">
                          Sugerido por {r.suggest_operator_name}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(r.updated_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        <RowAction
                          label="Detalhes"
                          icon={IconEye}
                          name={r.contact_display}
                          onClick={() => setDetails(r.id)}
                        />
                        {access.can_write && r.status === 'accepted' ? (
                          <RowAction
                            label="Desbloquear"
                            icon={IconLockOpen}
                            name={r.contact_display}
                            color="teal"
                            onClick={() => setUnblocking(r)}
                          />
                        ) : null}
                        {access.can_write && r.status === 'denied' ? (
                          <RowAction
                            label="Bloquear novamente"
                            icon={IconLock}
                            name={r.contact_display}
                            color="red"
                            onClick={() => setAgain(r)}
                          />
                        ) : null}
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" p="md" gap="md">
            <Text size="sm" c="dimmed">
              {total === 0 ? 'Nenhum registro' : `Mostrando ${first}–${last} de ${total}`}
            </Text>
            <Group gap="md">
              <PerPageSelect
                id="blacklist-per-page"
                sizes={BLACKLIST_PAGE_SIZES}
                value={count}
                onChange={(n) => {
                  setCount(n);
                  setPage(1);
                }}
              />
              <PagePagination total={Math.max(1, Math.ceil(total / count))} value={page} onChange={setPage} />
            </Group>
          </Group>
        </Card>
      )}

      <BlockContactModal opened={blocking} onClose={() => setBlocking(false)} options={options.data} />
      <BlockDetailsModal id={details} onClose={() => setDetails(null)} />
      <ReasonModal
        opened={unblocking !== null}
        title={`Desbloquear ${unblocking?.contact_display ?? ''}`}
        label="Motivo do desbloqueio"
        requiredMessage={BLACKLIST_MSG.unblockReason}
        confirmLabel="Desbloquear"
        loading={unblock.isPending}
        onClose={() => setUnblocking(null)}
        onConfirm={(description) => unblock.mutateAsync({ id: unblocking?.id ?? 0, description })}
      />
      <ReasonModal
        opened={again !== null}
        title={`Bloquear novamente ${again?.contact_display ?? ''}`}
        label="Motivo"
        requiredMessage={BLACKLIST_MSG.reasonRequired}
        confirmLabel="Bloquear"
        confirmColor="red"
        loading={blockAgain.isPending}
        onClose={() => setAgain(null)}
        onConfirm={(description) => blockAgain.mutateAsync({ id: again?.id ?? 0, description })}
      />
    </Stack>
  );
}
