import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDate } from '@prosa/shared/dates';
import { MAILING_MSG, type TMailing } from '@prosa/shared/mailing';
import { totalPages } from '@prosa/shared/pagination';
import { IconAlertCircle, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DeleteDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { errorMessage } from '../../lib/api';
import { useDeleteMailing, useMailingsPage } from './api';
import { MailingImport, MailingStateBadge } from './mailing-badges';

const COLS = 6;

/** Mailing list (spec 3 §2): name filter, pagination, state, live import progress, delete confirmation. */
export function MailingsPage() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [debounced] = useDebouncedValue(name, 300);
  const [page, setPage] = useState(1);
  const list = useMailingsPage(page, debounced);
  const remove = useDeleteMailing();
  const [removing, setRemoving] = useState<TMailing | null>(null);
  const rows = list.data?.data ?? [];
  const pages = list.data ? totalPages(list.data.total, list.data.per_page) : 1;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Mailings"
        description="Listas de contatos (arquivos CSV) usadas por campanhas e gatilhos."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/mailings/new')}>
            Novo Mailing
          </Button>
        }
      />
      <Group>
        <TextInput
          label="Nome"
          placeholder="Buscar por nome"
          leftSection={<IconSearch size={16} />}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setPage(1);
          }}
          w={320}
        />
      </Group>
      {list.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={MAILING_MSG.loadError}>
          {errorMessage(list.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <Card padding={0}>
          <Table.ScrollContainer minWidth={760} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Mailings">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th>Validade</Table.Th>
                  <Table.Th>Importação</Table.Th>
                  <Table.Th>Criado em</Table.Th>
                  <Table.Th w={100}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending
                  ? [1, 2, 3].map((i) => (
                      <Table.Tr key={i}>
                        <Table.Td colSpan={COLS}>
                          <Skeleton h={18} />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  : null}
                {!list.isPending && rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLS}>
                      <Stack align="center" gap="xs" py="xl">
                        <Text fw={500}>
                          {debounced.trim() ? MAILING_MSG.emptyFiltered : MAILING_MSG.empty}
                        </Text>
                        {debounced.trim() ? null : (
                          <>
                            <Text size="sm" c="dimmed">
                              Envie um arquivo CSV com os seus contatos para usar em campanhas e gatilhos.
                            </Text>
                            <Button
                              variant="light"
                              leftSection={<IconPlus size={16} />}
                              onClick={() => navigate('/mailings/new')}
                            >
                              Novo Mailing
                            </Button>
                          </>
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {rows.map((m) => (
                  <Table.Tr key={m.id} data-testid={`mailing-${m.id}`}>
                    <Table.Td>
                      <Text fw={500} size="sm">
                        {m.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {m.fileName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <MailingStateBadge state={m.state} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {m.due_date_min || m.due_date_max
                          ? `${m.due_date_min ?? '…'} a ${m.due_date_max ?? '…'}`
                          : 'Sem validade'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <MailingImport mailing={m} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(m.created_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Editar">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Editar ${m.title}`}
                            onClick={() => navigate(`/mailings/${m.id}`)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Excluir">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Excluir ${m.title}`}
                            onClick={() => setRemoving(m)}
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
        </Card>
      )}
      {pages > 1 ? (
        <Group justify="flex-end">
          <PagePagination total={pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
      <DeleteDialog
        target={removing}
        title="Excluir mailing"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(m) => remove.mutate(m.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir o mailing <b>{removing?.title}</b>? Ele deixará de aparecer nas campanhas e nos
          gatilhos.
        </Text>
      </DeleteDialog>
    </Stack>
  );
}
