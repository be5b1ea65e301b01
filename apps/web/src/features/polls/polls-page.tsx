import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { POLL_MSG, pollOptions, type TPoll } from '@prosa/shared/polls';
import {
  IconAlertCircle,
  IconChartBar,
  IconClipboardList,
  IconLock,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { useDeletePoll, usePolls } from './api';
import { PollForm } from './poll-form';
import { PollReport } from './poll-report';

type Tab = 'list' | 'form' | 'report';

/** Polls (spec 3 §2): the list tab, the create/edit tab with a delete confirmation, and the report. */
export function PollsPage() {
  const [tab, setTab] = useState<Tab>('list');
  const [editing, setEditing] = useState<TPoll | null>(null);
  // A new key per opening, so the form starts from the chosen poll's values.
  const [formKey, setFormKey] = useState(0);
  const open = (poll: TPoll | null) => {
    setEditing(poll);
    setFormKey((k) => k + 1);
    setTab('form');
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Pesquisas"
        description="Pesquisas de satisfação enviadas ao cliente ao finalizar o atendimento com um status que tenha pesquisa."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)}>
            Nova pesquisa
          </Button>
        }
      />
      <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? 'list')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="list" leftSection={<IconClipboardList size={16} />}>
            Pesquisas
          </Tabs.Tab>
          <Tabs.Tab value="form" leftSection={editing ? <IconPencil size={16} /> : <IconPlus size={16} />}>
            {editing ? 'Editar pesquisa' : 'Cadastrar pesquisa'}
          </Tabs.Tab>
          <Tabs.Tab value="report" leftSection={<IconChartBar size={16} />}>
            Relatório
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list">
          <PollList onEdit={open} onNew={() => open(null)} />
        </Tabs.Panel>
        <Tabs.Panel value="form">
          <PollForm
            key={formKey}
            poll={editing}
            onDone={() => {
              setEditing(null);
              setTab('list');
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="report">
          <PollReport />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function PollList(props: { onEdit: (poll: TPoll) => void; onNew: () => void }) {
  const polls = usePolls();
  const remove = useDeletePoll();
  const [removing, setRemoving] = useState<TPoll | null>(null);
  const list = polls.data ?? [];

  if (polls.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={POLL_MSG.loadError}>
        {errorMessage(polls.error, 'Tente novamente em instantes.')}
      </Alert>
    );

  return (
    <Card padding={0}>
      <Table.ScrollContainer minWidth={720} type="native">
        <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Pesquisas">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Pergunta</Table.Th>
              <Table.Th ta="center">Opções</Table.Th>
              <Table.Th ta="center">Respostas</Table.Th>
              <Table.Th>Expiração</Table.Th>
              <Table.Th w={100}>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {polls.isPending
              ? [1, 2, 3].map((i) => (
                  <Table.Tr key={i}>
                    <Table.Td colSpan={6}>
                      <Skeleton h={18} />
                    </Table.Td>
                  </Table.Tr>
                ))
              : null}
            {!polls.isPending && list.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Stack align="center" gap="xs" py="xl">
                    <Text fw={500}>Nenhuma pesquisa cadastrada</Text>
                    <Text size="sm" c="dimmed">
                      Crie uma pesquisa e vincule-a a um status de finalização.
                    </Text>
                    <Button variant="light" leftSection={<IconPlus size={16} />} onClick={props.onNew}>
                      Nova pesquisa
                    </Button>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {list.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Text fw={500} size="sm">
                    {p.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2} maw={420}>
                    {p.question}
                  </Text>
                </Table.Td>
                <Table.Td ta="center">{pollOptions(p.possible_answers).length}</Table.Td>
                <Table.Td ta="center">
                  <Group gap={4} justify="center" wrap="nowrap">
                    <Text size="sm">{p.answers_count}</Text>
                    {p.answers_count > 0 ? (
                      <Tooltip label="Opções travadas: a pesquisa já possui respostas">
                        <IconLock size={14} aria-label="Opções travadas" />
                      </Tooltip>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {p.use_expiration_time ? (
                    <Badge variant="light">{p.time_expire} min</Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Sem expiração
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Tooltip label="Editar">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Editar ${p.name}`}
                        onClick={() => props.onEdit(p)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Excluir">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Excluir ${p.name}`}
                        onClick={() => setRemoving(p)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DeleteDialog
        target={removing}
        title="Excluir pesquisa"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(p) => remove.mutate(p.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir a pesquisa <b>{removing?.name}</b>? Os status que a enviam deixarão de enviá-la; as
          respostas já recebidas continuam nos relatórios.
        </Text>
      </DeleteDialog>
    </Card>
  );
}
