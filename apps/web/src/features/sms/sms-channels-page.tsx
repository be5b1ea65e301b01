import { Alert, Badge, Button, Card, EmptyState, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { SMS_BROKER_LABEL, SMS_MSG, type TSmsChannel } from '@prosa/shared/sms';
import { IconAlertCircle, IconMessage2, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { DeleteAction, EditAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useDeleteSmsChannel, useSmsChannels } from './api';

export const smsEditPath = (id: number | null) =>
  id === null ? '/channels/sms-edit' : `/channels/sms-edit?id=${id}`;

/** The SMS screen: the company's SMS channels, each on one broker, with their conditionals. */
export function SmsChannelsPage() {
  const navigate = useNavigate();
  const channels = useSmsChannels();
  const remove = useDeleteSmsChannel();
  const [removing, setRemoving] = useState<TSmsChannel | null>(null);
  const list = channels.data ?? [];
  const create = () => navigate(smsEditPath(null));

  return (
    <Stack gap="lg">
      <PageHeader
        title="SMS"
        description="Canais de SMS da empresa, cada um em um broker (Zenvia, InfoBip, Movile, Classe A, Pontal, Best Use ou PG)."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            Novo canal
          </Button>
        }
      />
      <Card padding={0}>
        {channels.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={SMS_MSG.loadError}>
            {errorMessage(channels.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={760} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Canais SMS">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Broker</Table.Th>
                  <Table.Th>Setor padrão</Table.Th>
                  <Table.Th>Condições</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th w={100}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {channels.isPending ? <SkeletonRows rows={3} columns={6} /> : null}
                {list.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td fw={500}>{c.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{SMS_BROKER_LABEL[c.gateway]}</Text>
                      {c.extra_data.token_hint ? (
                        <Text size="xs" c="dimmed">
                          Credencial {c.extra_data.token_hint}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{c.sector_name ?? '—'}</Table.Td>
                    <Table.Td>
                      {c.conditionals.length === 0
                        ? '—'
                        : `${c.conditionals.filter((x) => x.status).length} ativa(s) de ${c.conditionals.length}`}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={c.active ? 'teal' : 'gray'}>
                        {c.active ? 'Ativo' : 'Inativo'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        <EditAction name={c.name} onClick={() => navigate(smsEditPath(c.id))} />
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
            icon={<IconMessage2 size={28} />}
            title="Nenhum canal encontrado."
            description="Cadastre um canal de SMS com os dados do seu broker."
          >
            <EmptyState.Actions>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={create}>
                Novo canal
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : null}
      </Card>
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
          Deseja excluir o canal <strong>{removing?.name}</strong>? As mensagens do broker deixam de chegar ao
          Prosa.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
