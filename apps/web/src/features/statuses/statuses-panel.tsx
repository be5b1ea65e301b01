import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { ORG_MSG, STATUS_KIND_LABEL, type TStatusAdmin } from '@prosa/shared/org-admin';
import { can } from '@prosa/shared/permissions';
import { IconAlertCircle, IconPlus, IconTag } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteDialog } from '../../components/confirm-dialog';
import { DeleteAction, EditAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useCompanyMetadata } from '../company-metadata/use-company-metadata';
import { useCompanySectors } from '../sectors/api';
import { useCompanyStatuses, useDeleteStatus } from './api';
import { StatusFormModal } from './status-form-modal';
import { hexOf } from './status-form-values';

const yesNo = (v: boolean) => (v ? 'Sim' : 'Não');

/**
 * The statuses of a company (its own screen, or a tab of another company's edit page): classification and
 * finalization statuses with colour, sectors and options; new, edit and delete with confirmation.
 */
export function StatusesPanel({ companyId }: { companyId: number }) {
  const me = useCurrentUser();
  const own = companyId === me.companyId;
  const statuses = useCompanyStatuses(companyId);
  const sectors = useCompanySectors(companyId);
  // The metadata route answers for the user's own company; for another company the server decides.
  const metadata = useCompanyMetadata(own);
  const chatbots = own ? metadata.data?.allow.chatbots === true : true;
  const remove = useDeleteStatus(companyId);
  const [editing, setEditing] = useState<TStatusAdmin | 'new' | null>(null);
  const [removing, setRemoving] = useState<TStatusAdmin | null>(null);
  const canWrite = can(me.permissions, 'status_de_atendimento', 'write');
  const list = statuses.data ?? [];
  const sectorName = (id: number) => sectors.data?.find((s) => s.id === id)?.name;

  return (
    <Card padding={0}>
      <Group justify="space-between" p="md" gap="sm">
        <Text size="sm" c="dimmed">
          Status de classificação acompanham o atendimento; os de finalização o encerram.
        </Text>
        {canWrite ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Novo status
          </Button>
        ) : null}
      </Group>
      {statuses.isError ? (
        <Alert m="md" mt={0} color="red" icon={<IconAlertCircle />} title={ORG_MSG.statusesLoadError}>
          {errorMessage(statuses.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={820} type="native">
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Status">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>Nome</Table.Th>
                <Table.Th w={140}>Tipo</Table.Th>
                <Table.Th w={110}>Obrigatório</Table.Th>
                <Table.Th w={100}>Chatbot</Table.Th>
                <Table.Th>Setores</Table.Th>
                <Table.Th w={110}>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statuses.isPending ? <SkeletonRows rows={4} columns={6} /> : null}
              {list.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Box
                        w={12}
                        h={12}
                        bg={hexOf(s.color)}
                        style={{ borderRadius: '50%', flexShrink: 0, border: '1px solid rgba(0,0,0,0.12)' }}
                        aria-hidden
                      />
                      <Text size="sm" fw={500}>
                        {s.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={s.should_close === 1 ? 'teal' : 'blue'}>
                      {STATUS_KIND_LABEL[s.should_close] ?? '—'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{yesNo(s.should_require)}</Table.Td>
                  <Table.Td>{yesNo(s.use_in_bot)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c={s.sectors.length ? undefined : 'dimmed'}>
                      {s.sectors.length
                        ? s.sectors
                            .map(sectorName)
                            .filter((n) => n !== undefined)
                            .join(', ')
                        : 'Todos os setores'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {canWrite ? (
                      <RowActions>
                        <EditAction name={s.name} onClick={() => setEditing(s)} />
                        <DeleteAction name={s.name} onClick={() => setRemoving(s)} />
                      </RowActions>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {!statuses.isPending && !statuses.isError && list.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconTag size={28} />}
          title="Nenhum status encontrado."
          description="Crie status de classificação e de finalização para os atendimentos."
        />
      ) : null}
      <StatusFormModal
        companyId={companyId}
        target={editing}
        sectors={sectors.data ?? []}
        chatbots={chatbots}
        onClose={() => setEditing(null)}
      />
      <DeleteDialog
        target={removing}
        title="Excluir status"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(target) => remove.mutate(target.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">{removing ? ORG_MSG.statusConfirmDelete(removing.name) : ''}</Text>
        <Text size="sm" c="dimmed">
          Atendimentos já classificados ou finalizados com ele continuam no histórico.
        </Text>
      </DeleteDialog>
    </Card>
  );
}
