import { Alert, Badge, Card, Group, Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import { BLACKLIST_MSG, type TSuggestion } from '@prosa/shared/blacklist';
import { formatDateTime } from '@prosa/shared/dates';
import { IconAlertCircle, IconCheck, IconClockHour4, IconHistory, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useApproveSuggestion, useDenySuggestion, usePendingSuggestionsCount, useSuggestions } from './api';
import { ReasonModal } from './reason-modal';
import { useBlacklistGate } from './use-blacklist-gate';

type Tab = 'pending' | 'decided';

/** Sugestões de bloqueio (main.solicitation-block, spec 3 §2): pending ones to approve or deny, decided ones. */
export function SolicitationBlockPage() {
  const access = useBlacklistGate((a) => a.can_review);
  const [tab, setTab] = useState<Tab>('pending');
  const count = usePendingSuggestionsCount(access !== null);
  if (!access)
    return (
      <Stack gap="lg" aria-busy>
        <PageHeader title="Sugestões de bloqueio" />
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  const pending = count.data?.pending;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Sugestões de bloqueio"
        description="Bloqueios sugeridos pelos operadores a partir dos atendimentos: aprove (o contato é bloqueado) ou reprove, informando o motivo."
      />
      <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? 'pending')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab
            value="pending"
            leftSection={<IconClockHour4 size={16} />}
            rightSection={
              pending ? (
                <Badge size="sm" circle aria-label={`${pending} pendentes`}>
                  {pending}
                </Badge>
              ) : null
            }
          >
            Pendentes
          </Tabs.Tab>
          <Tabs.Tab value="decided" leftSection={<IconHistory size={16} />}>
            Decididas
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pending">
          <SuggestionTable status="pending" canDecide={access.can_review} />
        </Tabs.Panel>
        <Tabs.Panel value="decided">
          <SuggestionTable status="decided" canDecide={false} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function SuggestionTable(props: { status: Tab; canDecide: boolean }) {
  const [page, setPage] = useState(1);
  const list = useSuggestions(props.status, page, true);
  const approve = useApproveSuggestion();
  const deny = useDenySuggestion();
  const [approving, setApproving] = useState<TSuggestion | null>(null);
  const [denying, setDenying] = useState<TSuggestion | null>(null);
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pending = props.status === 'pending';
  const columns = pending ? 6 : 7;

  if (list.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={BLACKLIST_MSG.suggestionsError}>
        {errorMessage(list.error, 'Tente novamente em instantes.')}
      </Alert>
    );
  return (
    <Card padding={0}>
      <Table.ScrollContainer minWidth={860} type="native">
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          aria-label={pending ? 'Sugestões pendentes' : 'Sugestões decididas'}
        >
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>Contato</Table.Th>
              <Table.Th>Canal</Table.Th>
              <Table.Th>Sugerido por</Table.Th>
              <Table.Th>Motivo</Table.Th>
              <Table.Th>{pending ? 'Sugerido em' : 'Situação'}</Table.Th>
              {pending ? null : <Table.Th>Decisão</Table.Th>}
              {pending ? (
                <Table.Th w={110}>
                  <Text size="sm" fw={700} ta="right">
                    Ações
                  </Text>
                </Table.Th>
              ) : (
                <Table.Th>Decidido em</Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isPending ? <SkeletonRows rows={4} columns={columns} /> : null}
            {!list.isPending && rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns}>
                  <Stack align="center" gap={4} py="xl">
                    <Text fw={500}>
                      {pending ? 'Nenhuma sugestão de bloqueio pendente' : 'Nenhuma sugestão decidida'}
                    </Text>
                    <Text size="sm" c="dimmed">
                      Os operadores sugerem bloqueios pelo botão “Sugerir bloqueio” do atendimento.
                    </Text>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {rows.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {s.contact_display}
                  </Text>
                  {s.protocol ? (
                    <Text size="xs" c="dimmed">
                      Protocolo {s.protocol}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{s.prefix_label}</Text>
                  <Text size="xs" c="dimmed">
                    {s.channel_name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{s.operator_name ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2} maw={300}>
                    {s.description}
                  </Text>
                </Table.Td>
                {pending ? (
                  <Table.Td>
                    <Text size="sm">{formatDateTime(s.created_at)}</Text>
                  </Table.Td>
                ) : (
                  <Table.Td>
                    <Badge color={s.status === 'approved' ? 'teal' : 'gray'} variant="light">
                      {s.status_label}
                    </Badge>
                  </Table.Td>
                )}
                {pending ? null : (
                  <Table.Td>
                    <Text size="sm" lineClamp={2} maw={260}>
                      {s.decision_description}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.decided_by_name}
                    </Text>
                  </Table.Td>
                )}
                {pending ? (
                  <Table.Td>
                    {props.canDecide ? (
                      <RowActions>
                        <RowAction
                          label="Aprovar"
                          icon={IconCheck}
                          color="teal"
                          name={s.contact_display}
                          onClick={() => setApproving(s)}
                        />
                        <RowAction
                          label="Reprovar"
                          icon={IconX}
                          color="red"
                          name={s.contact_display}
                          onClick={() => setDenying(s)}
                        />
                      </RowActions>
                    ) : null}
                  </Table.Td>
                ) : (
                  <Table.Td>
                    <Text size="sm">{s.decided_at ? formatDateTime(s.decided_at) : '—'}</Text>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" p="md">
        <Text size="sm" c="dimmed">
          {total === 0 ? 'Nenhum registro' : `${total} ${total === 1 ? 'sugestão' : 'sugestões'}`}
        </Text>
        <PagePagination total={Math.max(1, Math.ceil(total / 50))} value={page} onChange={setPage} />
      </Group>
      <ReasonModal
        opened={approving !== null}
        title="Aprovar sugestão de bloqueio"
        label="Motivo da aprovação"
        requiredMessage={BLACKLIST_MSG.approvalReason}
        confirmLabel="Aprovar e bloquear"
        confirmColor="teal"
        loading={approve.isPending}
        onClose={() => setApproving(null)}
        onConfirm={(description) => approve.mutateAsync({ id: approving?.id ?? 0, description })}
      >
        {approving ? <SuggestionSummary s={approving} /> : null}
      </ReasonModal>
      <ReasonModal
        opened={denying !== null}
        title="Reprovar sugestão de bloqueio"
        label="Motivo da reprovação"
        requiredMessage={BLACKLIST_MSG.denialReason}
        confirmLabel="Reprovar"
        confirmColor="red"
        loading={deny.isPending}
        onClose={() => setDenying(null)}
        onConfirm={(description) => deny.mutateAsync({ id: denying?.id ?? 0, description })}
      >
        {denying ? <SuggestionSummary s={denying} /> : null}
      </ReasonModal>
    </Card>
  );
}

function SuggestionSummary({ s }: { s: TSuggestion }) {
  return (
    <Stack gap={2}>
      <Text size="sm">
        <b>{s.contact_display}</b> · {s.prefix_label} ({s.channel_name})
      </Text>
      <Text size="sm" c="dimmed">
        {s.operator_name ?? 'Operador'}: “{s.description}”
      </Text>
    </Stack>
  );
}
