import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Modal,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { SMART_GATEWAY_LABEL, SMART_MEDIUM_LABEL, SMART_MSG, type TSmartChannel } from '@prosa/shared/smart';
import { IconAlertCircle, IconCopy, IconPlus, IconRoute } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { DeleteAction, EditAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { copyWithToast } from '../multichannel/links';
import { useSectors } from '../sectors/api';
import { useDeleteSmartChannel, useSmartChannels } from './api';
import { SmartForm } from './smart-form';

/** main.channels.smart: the company's Smart gateways (SMS or WhatsApp). */
export function SmartChannelsPage() {
  const channels = useSmartChannels();
  const sectors = useSectors();
  const remove = useDeleteSmartChannel();
  const [editing, setEditing] = useState<TSmartChannel | 'new' | null>(null);
  const [removing, setRemoving] = useState<TSmartChannel | null>(null);
  const list = channels.data ?? [];
  const sectorOptions = [...(sectors.data ?? [])]
    .sort((a, b) => a.position - b.position)
    .map((s) => ({ value: String(s.id), label: s.name }));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Smart"
        description="Gateways Smart: atendimento por SMS ou WhatsApp pela Zenvia ou InfoBip."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Novo canal
          </Button>
        }
      />
      <Card padding={0}>
        {channels.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={SMART_MSG.loadError}>
            {errorMessage(channels.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={820} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Canais Smart">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Gateway</Table.Th>
                  <Table.Th>Mídia</Table.Th>
                  <Table.Th>Setor padrão</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th w={140}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {channels.isPending ? <SkeletonRows rows={3} columns={6} /> : null}
                {list.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td fw={500}>{c.name}</Table.Td>
                    <Table.Td>{SMART_GATEWAY_LABEL[c.gateway]}</Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {SMART_MEDIUM_LABEL[c.extra_data.medium]} · até {c.text_limit} caracteres
                      </Text>
                      {c.hasTranshipment ? (
                        <Text size="xs" c="dimmed">
                          Transbordo para SMS
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{c.sector_name ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={c.active ? 'teal' : 'gray'}>
                        {c.active ? 'Ativo' : 'Inativo'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        <Tooltip label="Copiar webhook">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Copiar webhook de ${c.name}`}
                            onClick={() => copyWithToast(c.webhook_url)}
                          >
                            <IconCopy size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <EditAction name={c.name} onClick={() => setEditing(c)} />
                        <DeleteAction name={c.name} onClick={() => setRemoving(c)} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!channels.isPending && !channels.isError && list.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconRoute size={28} />}
            title="Nenhum canal encontrado."
            description="Cadastre um gateway Smart para atender por SMS ou WhatsApp."
          >
            <EmptyState.Actions>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                Novo canal
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : null}
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Novo canal Smart' : 'Editar canal Smart'}
        size={640}
        closeOnClickOutside={false}
      >
        {editing !== null ? (
          <SmartForm
            key={editing === 'new' ? 'new' : editing.id}
            channel={editing === 'new' ? null : editing}
            sectors={sectorOptions}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title="Excluir canal"
        confirmLabel="Excluir"
        confirmColor="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir o canal <strong>{removing?.name}</strong>?
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
