import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { CHATBOT_MSG, type TFlowSummary } from '@prosa/shared/chatbot';
import { formatDateTime } from '@prosa/shared/dates';
import { IconAlertCircle, IconLock, IconPlus, IconRobot } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChannelIcon } from '../../components/channel-icon';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { DeleteAction, EditAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { ApiError, errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useCompanyFeatures } from '../company-metadata/api';
import { useDeleteFlow, useFlows, useToggleFlow } from './api';

export const flowEditPath = (id: number | 'new') => `/chatbot-flows/${id}`;

/** A 403 on the flows: the company may not use chatbots (spec 2 §7, §8). */
export function NotAuthorised() {
  return (
    <EmptyState
      py="xl"
      icon={<IconLock size={28} />}
      title={CHATBOT_MSG.notAuthorised}
      description={
        <>
          Os chatbots não estão liberados para a sua empresa. Peça a um administrador para ativar{' '}
          <strong>Permitir chatbots</strong> em Configurações › Chatbots.
        </>
      }
    >
      <EmptyState.Actions>
        <Button component={Link} to="/settings?tab=chatbots" variant="light">
          Abrir configurações
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** main.chatbot-flows: the company's flows, the channels each answers, and whether it runs. */
export function ChatbotFlowsPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const tz = useCompanyFeatures().data?.timezone ?? user.timezone;
  const [page, setPage] = useState(1);
  const flows = useFlows(page);
  const toggle = useToggleFlow();
  const remove = useDeleteFlow();
  const [removing, setRemoving] = useState<TFlowSummary | null>(null);
  const forbidden = flows.error instanceof ApiError && flows.error.status === 403;
  const list = flows.data?.results.flows ?? [];
  const totalPages = flows.data?.results.totalPages ?? 1;
  const create = () => navigate(flowEditPath('new'));
  // Deleting the last flow of the last page moves back to the page that still has flows.
  useEffect(() => {
    if (page > Math.max(1, totalPages)) setPage(Math.max(1, totalPages));
  }, [page, totalPages]);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Fluxos de chatbot"
        description="Conversas automáticas que atendem os contatos dos canais vinculados antes de passá-los às pessoas."
        actions={
          forbidden ? null : (
            <Button leftSection={<IconPlus size={16} />} onClick={create}>
              Novo fluxo
            </Button>
          )
        }
      />
      <Card padding={0}>
        {forbidden ? (
          <NotAuthorised />
        ) : flows.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={CHATBOT_MSG.listError}>
            {errorMessage(flows.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={760} type="native">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label="Fluxos de chatbot"
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th w={110}>Ativo</Table.Th>
                  <Table.Th>Canais vinculados</Table.Th>
                  <Table.Th w={170}>Atualizado em</Table.Th>
                  <Table.Th w={100}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {flows.isPending ? <SkeletonRows rows={3} columns={5} /> : null}
                {list.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>
                      <Text component={Link} to={flowEditPath(f.id)} fw={500} size="sm" c="inherit" td="none">
                        {f.name}
                      </Text>
                      {f.description ? (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {f.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={f.active}
                        aria-label={`Ativo ${f.name}`}
                        disabled={toggle.isPending && toggle.variables?.id === f.id}
                        onChange={(e) => toggle.mutate({ id: f.id, active: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      {f.linkedChannels.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          Nenhum canal
                        </Text>
                      ) : (
                        <Group gap={6}>
                          {f.linkedChannels.map((c) => (
                            <Badge
                              key={c.channel_id}
                              variant="light"
                              color="gray"
                              leftSection={<ChannelIcon kind={c.channel_type} size={12} />}
                              tt="none"
                            >
                              {c.name}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(f.updated_at, tz)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        <EditAction name={f.name} onClick={() => navigate(flowEditPath(f.id))} />
                        <DeleteAction name={f.name} onClick={() => setRemoving(f)} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!flows.isPending && !flows.isError && list.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconRobot size={28} />}
            title="Nenhum fluxo encontrado."
            description="Desenhe um fluxo para responder os contatos automaticamente e vincule-o aos canais."
          >
            <EmptyState.Actions>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={create}>
                Novo fluxo
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : null}
        {totalPages > 1 && !forbidden ? (
          <Group justify="flex-end" p="md">
            <PagePagination total={totalPages} value={page} onChange={setPage} />
          </Group>
        ) : null}
      </Card>
      <ConfirmDialog
        opened={removing !== null}
        title="Excluir fluxo"
        confirmLabel="Excluir"
        confirmColor="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir o fluxo <strong>{removing?.name}</strong>?{' '}
          {removing?.linkedChannels.length
            ? 'Os canais vinculados deixam de ser atendidos por ele.'
            : 'Esta ação não pode ser desfeita.'}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
