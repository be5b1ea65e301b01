import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { TELEGRAM_MODE_LABEL, TELEGRAM_MSG, type TTelegramChannel } from '@prosa/shared/telegram';
import { IconAlertCircle, IconBrandTelegram, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ConnectionStateCell } from '../../components/connection-state-cell';
import { PageHeader } from '../../components/page-header';
import { DeleteAction, EditAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useDeleteTelegramChannel, useTelegramChannels } from './api';
import { telegramEditPath } from './edit-params';

/** main.telegram: the company's Telegram bots, how their messages arrive and whether they work. */
export function TelegramChannelsPage() {
  const navigate = useNavigate();
  const channels = useTelegramChannels();
  const remove = useDeleteTelegramChannel();
  const [removing, setRemoving] = useState<TTelegramChannel | null>(null);
  const list = channels.data ?? [];
  const create = () => navigate(telegramEditPath(null));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Telegram"
        description="Bots do Telegram da empresa. Crie o bot com o @BotFather e cadastre aqui o token dele."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            Novo canal
          </Button>
        }
      />
      <Card padding={0}>
        {channels.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={TELEGRAM_MSG.loadError}>
            {errorMessage(channels.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={760} type="native">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label="Canais do Telegram"
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Bot</Table.Th>
                  <Table.Th>Setor</Table.Th>
                  <Table.Th>Recebimento</Table.Th>
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
                      <Text size="sm">@{c.username || c.bot_id}</Text>
                      <Text size="xs" c="dimmed">
                        Token {c.token_hint}
                      </Text>
                    </Table.Td>
                    <Table.Td>{c.sector_name ?? '—'}</Table.Td>
                    <Table.Td>
                      <Tooltip
                        withArrow
                        label={
                          c.mode === 'webhook'
                            ? 'O Telegram envia as mensagens ao endereço público do Prosa.'
                            : 'O Prosa busca as mensagens no Telegram (sem endereço público https).'
                        }
                      >
                        <Badge variant="light" color={c.mode === 'webhook' ? 'blue' : 'grape'}>
                          {TELEGRAM_MODE_LABEL[c.mode]}
                        </Badge>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <ConnectionStateCell state={c.connection_state} error={c.connection_error} />
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        <EditAction name={c.name} onClick={() => navigate(telegramEditPath(c.id))} />
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
            icon={<IconBrandTelegram size={28} />}
            title="Nenhum canal encontrado."
            description="Cadastre um bot do Telegram para atender seus contatos por lá."
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
          Deseja excluir o canal <strong>{removing?.name}</strong>? As mensagens do bot @{removing?.username}{' '}
          deixam de chegar ao Prosa.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
