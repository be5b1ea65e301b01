import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Menu,
  Pagination,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDate } from '@prosa/shared/dates';
import { type TUserListItemAdmin, USER_MSG } from '@prosa/shared/users-admin';
import {
  IconAlertCircle,
  IconDots,
  IconFileImport,
  IconLock,
  IconMailSearch,
  IconPlayerPlay,
  IconPlus,
  IconSearch,
  IconUserOff,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EditAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { permissionsPath } from '../permissions/paths';
import { USERS_PER_PAGE, useActivateUser, useCompanyUsers, useSetUserStatus } from './api';
import { FindByEmailModal } from './find-by-email-modal';
import { ImportUsersModal } from './import-users-modal';
import { InactivateModal } from './inactivate-modal';
import { isInactive } from './user-filter';
import { UserModal } from './user-modal';

/** Users of one company (own, or another one in company edit): search, paging, modals and actions. */
export function UsersPanel({ companyId }: { companyId: number }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const users = useCompanyUsers(companyId, debounced, page);
  const activate = useActivateUser(companyId);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [findingByEmail, setFindingByEmail] = useState(false);
  const [inactivating, setInactivating] = useState<TUserListItemAdmin | null>(null);
  const [reactivating, setReactivating] = useState<TUserListItemAdmin | null>(null);

  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PER_PAGE));
  const list = users.data?.items ?? [];

  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  return (
    <Stack gap="md">
      <Card padding={0}>
        <Group p="md" justify="space-between" gap="sm">
          <Group gap="sm">
            <TextInput
              aria-label="Buscar usuário"
              placeholder="Buscar por nome ou e-mail"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', sm: 300 }}
            />
            <Button
              variant="default"
              leftSection={<IconMailSearch size={16} />}
              onClick={() => setFindingByEmail(true)}
            >
              Buscar por e-mail
            </Button>
          </Group>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => setImporting(true)}
            >
              Importar usuários
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              Novo usuário
            </Button>
          </Group>
        </Group>
        {users.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={USER_MSG.loadError}>
            {errorMessage(users.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={960} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Usuários">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Função</Table.Th>
                  <Table.Th>Perfil</Table.Th>
                  <Table.Th>Setores</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th>On-line</Table.Th>
                  <Table.Th w={100}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.isPending ? <SkeletonRows rows={4} columns={8} /> : null}
                {list.map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Td>
                      <Text fw={500} size="sm">
                        {u.name}
                      </Text>
                      {u.display_name !== u.name ? (
                        <Text size="xs" c="dimmed">
                          {u.display_name}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>{u.role_label}</Table.Td>
                    <Table.Td>{u.profile_name ?? <Text c="dimmed">—</Text>}</Table.Td>
                    <Table.Td>
                      <SectorBadges names={u.sectors} />
                    </Table.Td>
                    <Table.Td>
                      {isInactive(u) ? (
                        <Badge
                          color="gray"
                          variant="light"
                          title={`Inativo desde ${formatDate(u.inactive_since ?? '', me.timezone)}`}
                        >
                          Inativo
                        </Badge>
                      ) : (
                        <Badge color="teal" variant="light">
                          Ativo
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <OnlineSwitch companyId={companyId} user={u} />
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        <EditAction name={u.name} onClick={() => setEditing(u.id)} />
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="subtle" color="gray" aria-label={`Mais ações de ${u.name}`}>
                              <IconDots size={18} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item
                              leftSection={<IconLock size={16} />}
                              onClick={() => navigate(permissionsPath('user', u.id, companyId, me.companyId))}
                            >
                              Permissões
                            </Menu.Item>
                            {u.inactive_since ? (
                              <Menu.Item
                                leftSection={<IconPlayerPlay size={16} />}
                                onClick={() => setReactivating(u)}
                              >
                                Reativar
                              </Menu.Item>
                            ) : (
                              <Menu.Item
                                color="red"
                                leftSection={<IconUserOff size={16} />}
                                disabled={u.id === me.id}
                                onClick={() => setInactivating(u)}
                              >
                                Inativar
                              </Menu.Item>
                            )}
                          </Menu.Dropdown>
                        </Menu>
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!users.isPending && !users.isError && list.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconUsers size={28} />}
            title="Nenhum usuário encontrado."
            description={debounced ? 'Tente buscar por outro nome ou e-mail.' : undefined}
          />
        ) : null}
        <Group justify="space-between" p="md">
          <Text size="sm" c="dimmed">
            {users.data ? (total === 1 ? '1 usuário' : `${total} usuários`) : ''}
          </Text>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} /> : null}
        </Group>
      </Card>
      <UserModal companyId={companyId} target={editing} onClose={() => setEditing(null)} />
      <ImportUsersModal companyId={companyId} opened={importing} onClose={() => setImporting(false)} />
      <FindByEmailModal
        companyId={companyId}
        opened={findingByEmail}
        onClose={() => setFindingByEmail(false)}
        onFound={(id) => {
          setFindingByEmail(false);
          setEditing(id);
        }}
      />
      <InactivateModal companyId={companyId} user={inactivating} onClose={() => setInactivating(null)} />
      <ConfirmDialog
        opened={reactivating !== null}
        title="Reativar usuário"
        confirmLabel="Reativar"
        loading={activate.isPending}
        onClose={() => setReactivating(null)}
        onConfirm={() =>
          reactivating && activate.mutate(reactivating.id, { onSettled: () => setReactivating(null) })
        }
      >
        <Text size="sm">
          Deseja reativar <strong>{reactivating?.name}</strong>? O usuário volta a conseguir entrar no Prosa.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function SectorBadges({ names }: { names: string[] }) {
  if (names.length === 0) return <Text c="dimmed">—</Text>;
  const shown = names.slice(0, 2);
  const rest = names.slice(2);
  return (
    <Group gap={4} wrap="nowrap">
      {shown.map((n) => (
        <Badge key={n} variant="outline" color="gray" fw={500} tt="none">
          {n}
        </Badge>
      ))}
      {rest.length > 0 ? (
        <Tooltip label={rest.join(', ')} withArrow>
          <Badge variant="light" color="gray" tt="none">
            +{rest.length}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** The user's on-line status: follows the click at once, goes back if the server refuses. */
function OnlineSwitch({ companyId, user }: { companyId: number; user: TUserListItemAdmin }) {
  const setStatus = useSetUserStatus(companyId);
  const [wanted, setWanted] = useState<'online' | 'offline' | null>(null);
  useEffect(() => {
    if (wanted !== null && user.operator_status === wanted) setWanted(null);
  }, [user.operator_status, wanted]);
  const online = (wanted ?? user.operator_status) === 'online';
  return (
    <Switch
      checked={online}
      color="teal"
      aria-label={`On-line: ${user.name}`}
      disabled={setStatus.isPending}
      onChange={(e) => {
        const next = e.currentTarget.checked ? 'online' : 'offline';
        setWanted(next);
        setStatus.mutate({ id: user.id, status: next }, { onError: () => setWanted(null) });
      }}
    />
  );
}
