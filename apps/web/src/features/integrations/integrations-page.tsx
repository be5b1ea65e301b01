import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { INTEGRATION_KIND_LABEL, INTEGRATION_MSG, type TIntegration } from '@prosa/shared/integrations';
import { IconAlertCircle, IconPencil, IconPlugConnected, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { useDeleteIntegration, useIntegrations, useSaveIntegration } from './api';
import { DeliveriesCard } from './deliveries-card';
import { IntegrationFormModal } from './integration-form-modal';

/** Integrações (spec 2 §2 "Integrations list and modal"): RD Station Marketing and CRM. */
export function IntegrationsPage() {
  const integrations = useIntegrations();
  const save = useSaveIntegration();
  const remove = useDeleteIntegration();
  const [editing, setEditing] = useState<TIntegration | 'new' | null>(null);
  const [removing, setRemoving] = useState<TIntegration | null>(null);
  const list = integrations.data?.integrations ?? [];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Integrações"
        description="Envie novos contatos e atendimentos finalizados para a RD Station."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Nova integração
          </Button>
        }
      />
      <Card padding={0}>
        {integrations.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={INTEGRATION_MSG.loadError}>
            {errorMessage(integrations.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={760} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Integrações">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Tipo</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th>Enviadas</Table.Th>
                  <Table.Th>Falhas</Table.Th>
                  <Table.Th>Último erro</Table.Th>
                  <Table.Th w={100}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {integrations.isPending
                  ? [1, 2].map((i) => (
                      <Table.Tr key={i}>
                        <Table.Td colSpan={7}>
                          <Skeleton h={18} />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  : null}
                {list.map((i) => (
                  <Table.Tr key={i._id}>
                    <Table.Td>
                      <Text fw={500} size="sm">
                        {i.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{INTEGRATION_KIND_LABEL[i.kind]}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={i.active ? 'teal' : 'gray'}>
                        {i.active ? 'Ativa' : 'Inativa'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{i.sent}</Table.Td>
                    <Table.Td>{i.failed}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c={i.last_error ? 'red' : 'dimmed'} lineClamp={2} maw={320}>
                        {i.last_error ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Editar" withArrow>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Editar ${i.name}`}
                            onClick={() => setEditing(i)}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Excluir" withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Excluir ${i.name}`}
                            onClick={() => setRemoving(i)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!integrations.isPending && !integrations.isError && list.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconPlugConnected size={28} />}
            title="Nenhuma integração cadastrada."
            description="Crie uma integração com a RD Station Marketing ou a RD Station CRM."
          />
        ) : null}
      </Card>
      <DeliveriesCard />
      <IntegrationFormModal
        target={editing}
        saving={save.isPending}
        onSave={(id, body) => save.mutate({ id, body }, { onSuccess: () => setEditing(null) })}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Excluir integração"
        confirmLabel="Excluir"
        confirmColor="red"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing._id, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      >
        {removing
          ? `Deseja excluir a integração "${removing.name}"? As entregas dela também serão excluídas.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
