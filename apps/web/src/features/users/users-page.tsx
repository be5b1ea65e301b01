import {
  Badge,
  Card,
  EmptyState,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDate } from '@prosa/shared/dates';
import { roleLabel } from '@prosa/shared/roles';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { type TUserListItem, useUsers } from './api';
import { filterUsers, isInactive } from './user-filter';

const PAGE_SIZE = 50;
const LOAD_ERROR = 'Erro ao carregar os usuários.';

export function UsersPage() {
  const me = useCurrentUser();
  const users = useUsers();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 150);
  const [page, setPage] = useState(1);
  const filtered = filterUsers(users.data ?? [], debounced);
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const visible = filtered.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  useEffect(() => {
    if (users.isError) toast.apiError(users.error, LOAD_ERROR);
  }, [users.isError, users.error]);

  return (
    <Stack gap="lg">
      <PageHeader title="Usuários" description={`Pessoas com acesso ao Prosa na ${me.companyName}.`} />
      <Card padding={0}>
        <Group p="md" justify="space-between" gap="sm">
          <TextInput
            aria-label="Buscar usuário"
            placeholder="Buscar por nome ou e-mail"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 320 }}
          />
          {users.data ? (
            <Text size="sm" c="dimmed">
              {filtered.length === 1 ? '1 usuário' : `${filtered.length} usuários`}
            </Text>
          ) : null}
        </Group>
        <Table.ScrollContainer minWidth={720}>
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>Nome</Table.Th>
                <Table.Th>Nome de exibição</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Função</Table.Th>
                <Table.Th>Situação</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.isPending ? <SkeletonRows /> : visible.map((u) => <UserRow key={u.id} user={u} />)}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {!users.isPending && visible.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconUsers size={28} />}
            title={debounced ? 'Nenhum usuário encontrado' : 'Nenhum usuário cadastrado'}
            description={debounced ? 'Tente buscar por outro nome ou e-mail.' : undefined}
          />
        ) : null}
        {pages > 1 ? (
          <Group justify="center" p="md">
            <Pagination total={pages} value={current} onChange={setPage} />
          </Group>
        ) : null}
      </Card>
    </Stack>
  );
}

function UserRow({ user }: { user: TUserListItem }) {
  const inactive = isInactive(user);
  return (
    <Table.Tr>
      <Table.Td fw={500}>{user.name}</Table.Td>
      <Table.Td>{user.display_name}</Table.Td>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>{roleLabel(user.role)}</Table.Td>
      <Table.Td>
        {inactive ? (
          <Badge
            color="gray"
            variant="light"
            title={`Inativo desde ${formatDate(user.inactive_since ?? '')}`}
          >
            Inativo
          </Badge>
        ) : (
          <Badge color="teal" variant="light">
            Ativo
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function SkeletonRows() {
  return Array.from({ length: 4 }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <Table.Tr key={i} aria-hidden>
      {Array.from({ length: 5 }, (_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
        <Table.Td key={j}>
          <Skeleton h={14} w={j === 2 ? '80%' : '60%'} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
