import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { formatDateTime } from '@prosa/shared/dates';
import {
  formatPhoneKey,
  OPTIN_KIND_LABELS,
  OPTIN_MSG,
  OPTIN_PER_PAGE,
  OPTOUT_WORDS,
  SUBSCRIBER_SOURCE_LABELS,
  SUBSCRIBER_STATUS_LABELS,
  type TOptinSearchQuery,
  type TSubscriber,
  type TSubscriberSource,
} from '@prosa/shared/optin';
import { IconAlertCircle, IconPlayerPlay, IconPlayerStop, IconPlus, IconUsers } from '@tabler/icons-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FilterActions } from '../../components/filter-actions';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { PerPageSelect } from '../../components/per-page-select';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useChangeOptin, useOptinChannels, useOptinSearch } from './api';

type Status = TOptinSearchQuery['status'];
type Change = { status: 'active' | 'inactive'; ids: number[]; label: string };

const COLUMNS = 7;

/** Opt-in (spec 2 §2, §7): a channel's subscribers, searched by number or name and status; activate/deactivate. */
export function OptinPage() {
  const channels = useOptinChannels();
  const [channelId, setChannelId] = useState<number | null>(null);
  const [term, setTerm] = useState('');
  const [status, setStatus] = useState<Status>('all');
  const [applied, setApplied] = useState<{ term: string; status: Status }>({ term: '', status: 'all' });
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(OPTIN_PER_PAGE[0]);
  const [selected, setSelected] = useState<number[]>([]);
  const [change, setChange] = useState<Change | null>(null);
  const [adding, setAdding] = useState(false);

  // The first channel is chosen once the list arrives.
  useEffect(() => {
    const first = channels.data?.[0];
    if (channelId === null && first) setChannelId(first.id);
  }, [channels.data, channelId]);

  const query: TOptinSearchQuery | null =
    channelId === null
      ? null
      : {
          channel_id: channelId,
          term: applied.term || undefined,
          status: applied.status,
          page,
          per_page: perPage,
        };
  const search = useOptinSearch(query);
  const mutate = useChangeOptin();
  const rows = search.data?.data ?? [];
  const channel = channels.data?.find((c) => c.id === channelId) ?? null;

  const channelOptions = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const c of channels.data ?? []) {
      const group = OPTIN_KIND_LABELS[c.kind];
      groups.set(group, [...(groups.get(group) ?? []), { value: String(c.id), label: c.name }]);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [channels.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { term: term.trim(), status };
    // The same search again reads the list again (a contact may have just written SAIR).
    if (next.term === applied.term && next.status === applied.status && page === 1) void search.refetch();
    setApplied(next);
    setPage(1);
    setSelected([]);
  };
  const clear = () => {
    setTerm('');
    setStatus('all');
    setApplied({ term: '', status: 'all' });
    setPage(1);
    setSelected([]);
  };

  const pageIds = rows.map((r) => r.id);
  const allChecked = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const someChecked = pageIds.some((id) => selected.includes(id));
  const toggle = (id: number) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const confirm = () => {
    if (!change || channelId === null) return;
    mutate.mutate(
      { status: change.status, body: { channel_id: channelId, ids: change.ids } },
      {
        onSuccess: () => setSelected([]),
        onSettled: () => setChange(null),
      },
    );
  };

  const noChannels = channels.isSuccess && channels.data.length === 0;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Opt-in"
        description={`Contatos inscritos para receber campanhas de cada canal. Quem escreve ao canal entra como ativo; quem responde ${OPTOUT_WORDS.slice(0, 2).join(' ou ')} deixa de receber na hora.`}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setAdding(true)}
            disabled={channelId === null}
          >
            Adicionar número
          </Button>
        }
      />

      {channels.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={OPTIN_MSG.loadError}>
          {errorMessage(channels.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : null}

      {noChannels ? (
        <Card>
          <Stack align="center" gap="xs" py="xl">
            <IconUsers size={32} stroke={1.5} />
            <Text fw={500}>Nenhum canal com opt-in</Text>
            <Text size="sm" c="dimmed" ta="center">
              Cadastre um canal de WhatsApp Enterprise, WhatsApp ou SMS para acompanhar seus inscritos.
            </Text>
          </Stack>
        </Card>
      ) : (
        <>
          <Card component="form" onSubmit={submit} aria-label="Filtros de inscritos">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label="Canal"
                placeholder={channels.isPending ? 'Carregando…' : 'Selecione o canal'}
                data={channelOptions}
                value={channelId === null ? null : String(channelId)}
                onChange={(v) => {
                  setChannelId(v ? Number(v) : null);
                  setPage(1);
                  setSelected([]);
                }}
                allowDeselect={false}
                searchable
                nothingFoundMessage="Nenhum canal encontrado"
              />
              <TextInput
                label="Número ou nome"
                placeholder="Ex.: 11 98888-7777 ou Maria"
                value={term}
                maxLength={100}
                onChange={(e) => setTerm(e.currentTarget.value)}
              />
              <Select
                label="Status"
                data={[
                  { value: 'all', label: 'Todos' },
                  { value: 'active', label: SUBSCRIBER_STATUS_LABELS.active },
                  { value: 'inactive', label: SUBSCRIBER_STATUS_LABELS.inactive },
                ]}
                value={status}
                onChange={(v) => setStatus((v as Status | null) ?? 'all')}
                allowDeselect={false}
              />
            </SimpleGrid>
            <Group mt="md">
              <FilterActions searching={search.isFetching && !search.isPending} onClear={clear} />
            </Group>
          </Card>

          {search.isError ? (
            <Alert color="red" icon={<IconAlertCircle />} title={OPTIN_MSG.loadError}>
              {errorMessage(search.error, 'Tente novamente em instantes.')}
            </Alert>
          ) : null}

          <Card padding={0}>
            <Group justify="space-between" px="md" py="sm" wrap="wrap" gap="sm">
              <Text size="sm" c="dimmed">
                {channel
                  ? `${channel.name}: ${channel.active_subscribers} ${channel.active_subscribers === 1 ? 'inscrito ativo' : 'inscritos ativos'}`
                  : ' '}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  color="teal"
                  leftSection={<IconPlayerPlay size={14} />}
                  disabled={selected.length === 0}
                  onClick={() =>
                    setChange({ status: 'active', ids: selected, label: `${selected.length} selecionado(s)` })
                  }
                >
                  Ativar selecionados
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconPlayerStop size={14} />}
                  disabled={selected.length === 0}
                  onClick={() =>
                    setChange({
                      status: 'inactive',
                      ids: selected,
                      label: `${selected.length} selecionado(s)`,
                    })
                  }
                >
                  Desativar selecionados
                </Button>
              </Group>
            </Group>
            <Table.ScrollContainer minWidth={820} type="native">
              <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Inscritos">
                <Table.Thead bg="gray.0">
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label="Selecionar todos da página"
                        checked={allChecked}
                        indeterminate={someChecked && !allChecked}
                        onChange={() =>
                          setSelected((s) =>
                            allChecked
                              ? s.filter((id) => !pageIds.includes(id))
                              : [...new Set([...s, ...pageIds])],
                          )
                        }
                      />
                    </Table.Th>
                    <Table.Th>Número</Table.Th>
                    <Table.Th>Nome</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Origem</Table.Th>
                    <Table.Th>Atualizado em</Table.Th>
                    <Table.Th w={60}>
                      <VisuallyHidden>Ações</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {search.isPending && query !== null ? <SkeletonRows rows={5} columns={COLUMNS} /> : null}
                  {search.isSuccess && rows.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={COLUMNS}>
                        <Stack align="center" gap={4} py="xl">
                          <Text fw={500}>Nenhum inscrito encontrado</Text>
                          <Text size="sm" c="dimmed">
                            {applied.term || applied.status !== 'all'
                              ? 'Nenhum inscrito corresponde aos filtros.'
                              : 'Os contatos que escreverem a este canal aparecerão aqui.'}
                          </Text>
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                  {rows.map((s) => (
                    <SubscriberRow
                      key={s.id}
                      s={s}
                      checked={selected.includes(s.id)}
                      onToggle={() => toggle(s.id)}
                      onChange={(st) => setChange({ status: st, ids: [s.id], label: formatPhoneKey(s.uid) })}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {search.data && search.data.total > 0 ? (
              <Group justify="space-between" px="md" py="sm" wrap="wrap" gap="sm">
                <Text size="sm" c="dimmed">
                  {`Mostrando ${search.data.from}–${search.data.to} de ${search.data.total}`}
                </Text>
                <Group gap="md">
                  <PerPageSelect
                    id="optin-per-page"
                    sizes={OPTIN_PER_PAGE}
                    value={perPage}
                    onChange={(n) => {
                      setPerPage(n);
                      setPage(1);
                    }}
                  />
                  <PagePagination total={search.data.last_page} value={page} onChange={setPage} size="sm" />
                </Group>
              </Group>
            ) : null}
          </Card>
        </>
      )}

      <ConfirmDialog
        opened={change !== null}
        title={change?.status === 'active' ? 'Ativar inscrição' : 'Desativar inscrição'}
        confirmLabel={change?.status === 'active' ? 'Ativar' : 'Desativar'}
        confirmColor={change?.status === 'active' ? 'teal' : 'red'}
        loading={mutate.isPending}
        onClose={() => setChange(null)}
        onConfirm={confirm}
      >
        <Text size="sm">
          {change?.status === 'active'
            ? `Ativar a inscrição de ${change?.label}? Voltará a receber as campanhas enviadas a todos os inscritos deste canal.`
            : `Desativar a inscrição de ${change?.label}? Deixará de receber campanhas deste canal, inclusive os envios pendentes.`}
        </Text>
      </ConfirmDialog>

      <AddNumberModal
        opened={adding}
        channelName={channel?.name ?? ''}
        onClose={() => setAdding(false)}
        onSubmit={(uid) => {
          if (channelId === null) return;
          mutate.mutate(
            { status: 'active', body: { channel_id: channelId, uid } },
            { onSuccess: () => setAdding(false) },
          );
        }}
        loading={mutate.isPending}
      />
    </Stack>
  );
}

function SubscriberRow(props: {
  s: TSubscriber;
  checked: boolean;
  onToggle: () => void;
  onChange: (status: 'active' | 'inactive') => void;
}) {
  const { s } = props;
  const active = s.subscriber_status === 'active';
  const source = SUBSCRIBER_SOURCE_LABELS[s.source as TSubscriberSource] ?? s.source;
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox
          aria-label={`Selecionar ${formatPhoneKey(s.uid)}`}
          checked={props.checked}
          onChange={props.onToggle}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {formatPhoneKey(s.uid)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{s.name || '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Badge color={active ? 'teal' : 'gray'} variant="light">
          {SUBSCRIBER_STATUS_LABELS[s.subscriber_status]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{source}</Text>
        {s.changed_by_name && s.source === 'manual' ? (
          <Text size="xs" c="dimmed">
            por {s.changed_by_name}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDateTime(s.updated_at)}</Text>
      </Table.Td>
      <Table.Td>
        <Tooltip label={active ? 'Desativar' : 'Ativar'}>
          <ActionIcon
            variant="subtle"
            color={active ? 'red' : 'teal'}
            aria-label={`${active ? 'Desativar' : 'Ativar'} ${formatPhoneKey(s.uid)}`}
            onClick={() => props.onChange(active ? 'inactive' : 'active')}
          >
            {active ? <IconPlayerStop size={16} /> : <IconPlayerPlay size={16} />}
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

function AddNumberModal(props: {
  opened: boolean;
  channelName: string;
  loading: boolean;
  onClose: () => void;
  onSubmit: (uid: string) => void;
}) {
  const [uid, setUid] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (props.opened) {
      setUid('');
      setError(null);
    }
  }, [props.opened]);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Adicionar número" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (uid.replace(/\D/g, '').length < 8) {
            setError(OPTIN_MSG.uidInvalid);
            return;
          }
          props.onSubmit(uid.trim());
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            O número passa a receber as campanhas enviadas a todos os inscritos de {props.channelName}.
          </Text>
          <TextInput
            label="Número"
            placeholder="Ex.: (11) 98888-7777"
            value={uid}
            maxLength={40}
            error={error}
            onChange={(e) => {
              setUid(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose} disabled={props.loading}>
              Cancelar
            </Button>
            <Button type="submit" loading={props.loading}>
              Adicionar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
