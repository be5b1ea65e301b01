import { Alert, Button, Card, EmptyState, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { EMAIL_MSG, type TEmailConfig } from '@prosa/shared/email';
import { IconAlertCircle, IconBolt, IconMail, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ConnectionStateCell } from '../../components/connection-state-cell';
import { PageHeader } from '../../components/page-header';
import { DeleteAction, EditAction, RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useDeleteEmailConfig, useEmailConfigs } from './api';

export const EMAIL_LIST_PATH = '/channels/email';
export const emailEditPath = (id: number | null) => `${EMAIL_LIST_PATH}/${id ?? 'new'}`;

/** main.emails: the company's e-mail configs, the mailbox each reads and whether it works. */
export function EmailConfigsPage() {
  const navigate = useNavigate();
  const configs = useEmailConfigs();
  const remove = useDeleteEmailConfig();
  const [removing, setRemoving] = useState<TEmailConfig | null>(null);
  const list = configs.data ?? [];
  const create = () => navigate(emailEditPath(null));

  return (
    <Stack gap="lg">
      <PageHeader
        title="E-mail"
        description="Caixas de e-mail atendidas pelo Prosa: as mensagens chegam por IMAP e as respostas saem por SMTP."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            Nova configuração
          </Button>
        }
      />
      <Card padding={0}>
        {configs.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={EMAIL_MSG.loadError}>
            {errorMessage(configs.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={760} type="native">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label="Configurações de e-mail"
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Caixa</Table.Th>
                  <Table.Th>Remetente</Table.Th>
                  <Table.Th>Setor</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th w={100}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {configs.isPending ? <SkeletonRows rows={3} columns={6} /> : null}
                {list.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td fw={500}>{c.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{c.imap_user}</Text>
                      <Text size="xs" c="dimmed">
                        {c.imap_host} · pasta {c.imap_folder}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{c.sender_name}</Text>
                      <Text size="xs" c="dimmed">
                        {c.sender_address}
                      </Text>
                    </Table.Td>
                    <Table.Td>{c.sector_name ?? '—'}</Table.Td>
                    <Table.Td>
                      <ConnectionStateCell state={c.connection_state} error={c.connection_error} />
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        <EditAction name={c.name} onClick={() => navigate(emailEditPath(c.id))} />
                        {/* Its triggers, and copying them from or to another e-mail config (spec 2 §5). */}
                        <RowAction
                          label="Gatilhos"
                          icon={IconBolt}
                          name={c.name}
                          onClick={() => navigate(`/triggers?type=email&id=${c.id}`)}
                        />
                        <DeleteAction name={c.name} onClick={() => setRemoving(c)} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!configs.isPending && !configs.isError && list.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconMail size={28} />}
            title={EMAIL_MSG.noConfigs}
            description="Cadastre a caixa de e-mail do atendimento para receber e responder e-mails aqui."
          >
            <EmptyState.Actions>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={create}>
                Nova configuração
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : null}
      </Card>
      <ConfirmDialog
        opened={removing !== null}
        title="Excluir configuração"
        confirmLabel="Excluir"
        confirmColor="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir a configuração <strong>{removing?.name}</strong>? Os e-mails de {removing?.imap_user}{' '}
          deixam de chegar ao Prosa.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
