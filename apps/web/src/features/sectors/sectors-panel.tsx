import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { ORG_MSG, type TSectorAdmin } from '@prosa/shared/org-admin';
import { can } from '@prosa/shared/permissions';
import { IconAlertCircle, IconArrowDown, IconArrowUp, IconPlus, IconSitemap } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteDialog } from '../../components/confirm-dialog';
import { DeleteAction, EditAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useCompanySectors, useDeleteSector, useReorderSectors } from './api';
import { SectorFormModal } from './sector-form-modal';
import { moveItem } from './sector-order';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The sectors of a company (its own screen, or a tab of another company's edit page): order with up/down,
 * users, open attendances, "Novo setor", edit and delete with confirmation.
 */
export function SectorsPanel({ companyId }: { companyId: number }) {
  const me = useCurrentUser();
  const sectors = useCompanySectors(companyId);
  const reorder = useReorderSectors(companyId);
  const remove = useDeleteSector(companyId);
  const [editing, setEditing] = useState<TSectorAdmin | 'new' | null>(null);
  const [removing, setRemoving] = useState<TSectorAdmin | null>(null);
  const canWrite = can(me.permissions, 'setores_de_atendimento', 'write');
  const list = sectors.data ?? [];

  const move = (index: number, delta: -1 | 1) => reorder.mutate(moveItem(list, index, delta));

  return (
    <Card padding={0}>
      <Group justify="space-between" p="md" gap="sm">
        <Text size="sm" c="dimmed">
          A ordem dos setores é a das abas da tela de atendimento e das listas de setores.
        </Text>
        {canWrite ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Novo setor
          </Button>
        ) : null}
      </Group>
      {sectors.isError ? (
        <Alert m="md" mt={0} color="red" icon={<IconAlertCircle />} title={ORG_MSG.sectorsLoadError}>
          {errorMessage(sectors.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Setores">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th w={110}>Ordem</Table.Th>
                <Table.Th>Nome</Table.Th>
                <Table.Th w={140}>Usuários</Table.Th>
                <Table.Th w={200}>Atendimentos abertos</Table.Th>
                <Table.Th w={110}>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sectors.isPending ? <SkeletonRows rows={3} columns={5} /> : null}
              {list.map((s, i) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Mover ${s.name} para cima`}
                        disabled={i === 0 || reorder.isPending}
                        onClick={() => move(i, -1)}
                      >
                        <IconArrowUp size={18} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Mover ${s.name} para baixo`}
                        disabled={i === list.length - 1 || reorder.isPending}
                        onClick={() => move(i, 1)}
                      >
                        <IconArrowDown size={18} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                  <Table.Td fw={500}>{s.name}</Table.Td>
                  <Table.Td>{plural(s.users_count, 'usuário', 'usuários')}</Table.Td>
                  <Table.Td>
                    {s.open_attendances > 0 ? (
                      <Badge variant="light" color="orange">
                        {plural(s.open_attendances, 'aberto', 'abertos')}
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Nenhum
                      </Text>
                    )}
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
      {!sectors.isPending && !sectors.isError && list.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconSitemap size={28} />}
          title="Nenhum setor encontrado."
          description="Crie um setor para organizar os atendimentos e os operadores."
        />
      ) : null}
      <SectorFormModal companyId={companyId} target={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={removing}
        title="Excluir setor"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(target) => remove.mutate(target.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">{removing ? ORG_MSG.sectorConfirmDelete(removing.name) : ''}</Text>
        <Text size="sm" c="dimmed">
          Os usuários deixam de fazer parte do setor. Setores com atendimentos abertos não podem ser
          excluídos.
        </Text>
      </DeleteDialog>
    </Card>
  );
}
