import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDateTime } from '@prosa/shared/dates';
import {
  NOTIFICATION_AUDIENCE_LABEL,
  NOTIFICATION_MODEL,
  NOTIFICATION_MSG,
  NOTIFICATION_STATUS_LABEL,
  NOTIFICATIONS_PER_PAGE,
  notificationModelName,
  type TNotificationAdmin,
  type TNotificationStatus,
} from '@prosa/shared/notifications';
import { ROLE } from '@prosa/shared/roles';
import { IconAlertCircle, IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { DeleteAction, EditAction, RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useDeleteNotification, useNotificationsPage } from './api';
import { NotificationFormModal } from './notification-form-modal';
import { NotificationLeadsModal } from './notification-leads-modal';

const STATUS_COLOR: Record<TNotificationStatus, string> = {
  ACTIVE: 'teal',
  PAUSED: 'yellow',
  CANCELED: 'gray',
};
const COLUMNS = 7;

/** Notifications admin (spec 2 §2, §9): 50 per page, found by title; create, edit, delete and the leads of offers. */
export function NotificationsAdminPage() {
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [title] = useDebouncedValue(search, 300);
  const list = useNotificationsPage(page, title);
  const remove = useDeleteNotification();
  // undefined: closed; null: a new one.
  const [editing, setEditing] = useState<TNotificationAdmin | null | undefined>(undefined);
  const [removing, setRemoving] = useState<TNotificationAdmin | null>(null);
  const [leadsOf, setLeadsOf] = useState<TNotificationAdmin | null>(null);
  const items = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / NOTIFICATIONS_PER_PAGE));
  const when = (iso: string | null) => (iso ? formatDateTime(iso, user.timezone) : null);
  const allCompanies = user.role >= ROLE.lord ? 'Todas as empresas' : 'Todas';

  return (
    <Stack gap="lg">
      <PageHeader
        title="Notificações"
        description="Avisos e ofertas para os usuários das empresas, mostrados no sino do cabeçalho."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            Nova notificação
          </Button>
        }
      />
      <TextInput
        placeholder="Buscar por título"
        aria-label="Buscar por título"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      {list.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={NOTIFICATION_MSG.loadError}>
          {errorMessage(list.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <Card padding={0}>
          <Table.ScrollContainer minWidth={980} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Notificações">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Título</Table.Th>
                  <Table.Th>Modelo</Table.Th>
                  <Table.Th>Empresas</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Período</Table.Th>
                  <Table.Th ta="center">Interessados</Table.Th>
                  <Table.Th w={120}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? <SkeletonRows rows={4} columns={COLUMNS} /> : null}
                {!list.isPending && items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS}>
                      <Stack align="center" gap="xs" py="xl">
                        <Text fw={500}>
                          {title ? 'Nenhuma notificação encontrada' : 'Nenhuma notificação cadastrada'}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {title
                            ? 'Tente outro título.'
                            : 'Crie um aviso para os usuários das suas empresas.'}
                        </Text>
                        {title ? null : (
                          <Button
                            variant="light"
                            leftSection={<IconPlus size={16} />}
                            onClick={() => setEditing(null)}
                          >
                            Nova notificação
                          </Button>
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {items.map((n) => (
                  <Table.Tr key={n.id}>
                    <Table.Td>
                      <Text fw={500} size="sm" lineClamp={1} maw={280}>
                        {n.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {NOTIFICATION_AUDIENCE_LABEL[n.audience]}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{notificationModelName(n.model_id)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip
                        label={n.companies.map((c) => c.name).join(', ')}
                        disabled={n.companies.length < 3}
                        multiline
                        maw={320}
                      >
                        <Text size="sm" lineClamp={2} maw={220}>
                          {n.companies.length === 0
                            ? allCompanies
                            : n.companies.map((c) => c.name).join(', ')}
                        </Text>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLOR[n.schedule_status]}>
                        {NOTIFICATION_STATUS_LABEL[n.schedule_status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {n.schedule_start_at || n.schedule_end_at ? (
                        <Stack gap={0}>
                          <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                            {when(n.schedule_start_at) ? `De ${when(n.schedule_start_at)}` : 'Desde já'}
                          </Text>
                          <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
                            {when(n.schedule_end_at) ? `até ${when(n.schedule_end_at)}` : 'sem término'}
                          </Text>
                        </Stack>
                      ) : (
                        <Text size="sm" c="dimmed">
                          Sem período
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="center">
                      {n.model_id === NOTIFICATION_MODEL.lead ? (
                        <Text size="sm">{n.leads_count}</Text>
                      ) : (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        {n.model_id === NOTIFICATION_MODEL.lead ? (
                          <RowAction
                            label="Interessados"
                            icon={IconUsers}
                            name={n.title}
                            onClick={() => setLeadsOf(n)}
                          />
                        ) : null}
                        <EditAction name={n.title} onClick={() => setEditing(n)} />
                        <DeleteAction name={n.title} onClick={() => setRemoving(n)} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {pages > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {list.data?.total ?? 0} notificações
          </Text>
          <PagePagination total={pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
      {editing !== undefined ? (
        <NotificationFormModal
          key={editing?.id ?? 'new'}
          notification={editing}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      {leadsOf ? <NotificationLeadsModal notification={leadsOf} onClose={() => setLeadsOf(null)} /> : null}
      <DeleteDialog
        target={removing}
        title="Excluir notificação"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(n) => remove.mutate(n.id, { onSuccess: () => setRemoving(null) })}
      >
        <Text size="sm">
          Excluir a notificação <b>{removing?.title}</b>? Ela deixa de aparecer para os usuários.
        </Text>
      </DeleteDialog>
    </Stack>
  );
}
