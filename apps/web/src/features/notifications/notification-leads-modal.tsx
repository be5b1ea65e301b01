import { Alert, Modal, Table, Text } from '@mantine/core';
import { formatDateTime } from '@prosa/shared/dates';
import { NOTIFICATION_MSG, type TNotificationAdmin } from '@prosa/shared/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useNotificationLeads } from './api';

/** Who said "Tenho interesse" to an offer (model 2): name, phone, company and user, newest first. */
export function NotificationLeadsModal(props: { notification: TNotificationAdmin; onClose: () => void }) {
  const user = useCurrentUser();
  const leads = useNotificationLeads(props.notification.id);
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`Interessados: ${props.notification.title}`}
      size="xl"
      centered
    >
      {leads.isError ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {errorMessage(leads.error, NOTIFICATION_MSG.loadError)}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table verticalSpacing="xs" aria-label="Interessados">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nome</Table.Th>
                <Table.Th>Telefone</Table.Th>
                <Table.Th>Empresa</Table.Th>
                <Table.Th>Usuário</Table.Th>
                <Table.Th>Data</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {leads.isPending ? <SkeletonRows rows={3} columns={5} /> : null}
              {leads.data?.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" py="lg" size="sm">
                      Ninguém demonstrou interesse ainda.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {leads.data?.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{l.phone}</Table.Td>
                  <Table.Td>{l.company_name}</Table.Td>
                  <Table.Td>{l.user_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(l.created_at, user.timezone)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
