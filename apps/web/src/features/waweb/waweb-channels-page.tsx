import { Alert, Button, Card, EmptyState, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TWawebChannel } from '@prosa/shared/waweb';
import { isWawebRunning } from '@prosa/shared/waweb-states';
import {
  IconAlertCircle,
  IconBrandWhatsapp,
  IconLogout,
  IconPlayerPlay,
  IconPlayerStop,
  IconPlus,
  IconQrcode,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { EditAction, RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useSectors } from '../sectors/api';
import { useDeleteWaweb, useSaveWaweb, useWawebAction, useWawebChannels } from './api';
import { formatWawebPhone } from './format-phone';
import { WawebFormModal } from './waweb-form-modal';
import { WawebQrModal } from './waweb-qr-modal';
import { WawebStateSince } from './waweb-state-badge';

const LOAD_ERROR = 'Erro ao carregar os números de WhatsApp.';

/** /channels/waweb (main.whatsapp): the company's WhatsApp numbers connected by QR code, live. */
export function WawebChannelsPage() {
  const channels = useWawebChannels();
  const sectors = useSectors();
  const save = useSaveWaweb();
  const remove = useDeleteWaweb();
  const act = useWawebAction();
  const [editing, setEditing] = useState<TWawebChannel | 'new' | null>(null);
  const [qrOf, setQrOf] = useState<number | null>(null);
  const [removing, setRemoving] = useState<TWawebChannel | null>(null);
  const [loggingOut, setLoggingOut] = useState<TWawebChannel | null>(null);
  const closeQr = useCallback(() => setQrOf(null), []);

  const list = channels.data ?? [];
  const sectorName = (id: number) => sectors.data?.find((s) => s.id === id)?.name ?? '—';
  // The panel reads the number from the list, which the socket keeps current.
  const qrChannel = list.find((c) => c.id === qrOf) ?? null;
  const pendingOf = (id: number) => (act.isPending && act.variables?.id === id ? act.variables.action : null);

  return (
    <Stack gap="lg">
      <PageHeader
        title="WhatsApp"
        description="Números de WhatsApp conectados pelo QR code: o aparelho lê o código e o Prosa atende por ele."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Novo número
          </Button>
        }
      />
      <Card padding={0}>
        {channels.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={LOAD_ERROR}>
            {errorMessage(channels.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={880} type="native">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label="Números de WhatsApp"
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Número</Table.Th>
                  <Table.Th>Setor</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th w={220}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {channels.isPending ? <SkeletonRows rows={3} columns={5} /> : null}
                {list.map((c) => {
                  const running = isWawebRunning(c.state);
                  const pending = pendingOf(c.id);
                  return (
                    <Table.Tr key={c.id}>
                      <Table.Td fw={500}>{c.name}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatWawebPhone(c.phone_number)}</Table.Td>
                      <Table.Td>{sectorName(c.sector_id)}</Table.Td>
                      <Table.Td>
                        <WawebStateSince state={c.state} since={c.state_since} />
                        {c.last_error ? (
                          <Text size="xs" c="red" mt={4} maw={320}>
                            {c.last_error}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <RowActions>
                          <RowAction
                            label="Ler QR"
                            name={c.name}
                            icon={IconQrcode}
                            onClick={() => setQrOf(c.id)}
                          />
                          {running ? (
                            <RowAction
                              label="Parar"
                              name={c.name}
                              icon={IconPlayerStop}
                              disabled={pending !== null}
                              onClick={() => act.mutate({ id: c.id, action: 'stop' })}
                            />
                          ) : (
                            <RowAction
                              label="Iniciar"
                              name={c.name}
                              icon={IconPlayerPlay}
                              color="teal"
                              disabled={pending !== null}
                              onClick={() => act.mutate({ id: c.id, action: 'start' })}
                            />
                          )}
                          <RowAction
                            label="Atualizar"
                            name={c.name}
                            icon={IconRefresh}
                            disabled={!running || pending !== null}
                            onClick={() => act.mutate({ id: c.id, action: 'refresh' })}
                          />
                          <RowAction
                            label="Desconectar"
                            name={c.name}
                            icon={IconLogout}
                            disabled={!running || pending !== null}
                            onClick={() => setLoggingOut(c)}
                          />
                          <EditAction name={c.name} onClick={() => setEditing(c)} />
                          <RowAction
                            label="Remover"
                            name={c.name}
                            icon={IconTrash}
                            color="red"
                            onClick={() => setRemoving(c)}
                          />
                        </RowActions>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!channels.isPending && !channels.isError && list.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconBrandWhatsapp size={28} />}
            title="Nenhum número cadastrado"
            description="Cadastre um número e leia o QR code com o WhatsApp do aparelho para começar a atender."
          >
            <EmptyState.Actions>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                Novo número
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : null}
      </Card>
      <WawebFormModal
        target={editing}
        sectors={sectors.data ?? []}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(id, body) => save.mutate({ id, body }, { onSuccess: () => setEditing(null) })}
      />
      <WawebQrModal
        channel={qrChannel}
        pending={qrChannel ? pendingOf(qrChannel.id) : null}
        onAction={(action) => qrChannel && act.mutate({ id: qrChannel.id, action })}
        onClose={closeQr}
      />
      <ConfirmDialog
        opened={loggingOut !== null}
        title="Desconectar número"
        confirmLabel="Desconectar"
        confirmColor="red"
        loading={act.isPending && act.variables?.action === 'logout'}
        onClose={() => setLoggingOut(null)}
        onConfirm={() =>
          loggingOut &&
          act.mutate({ id: loggingOut.id, action: 'logout' }, { onSettled: () => setLoggingOut(null) })
        }
      >
        <Text size="sm">
          Desconectar <strong>{loggingOut?.name}</strong> do aparelho? Para voltar a atender por ele, será
          preciso ler um novo QR code.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={removing !== null}
        title="Remover número"
        confirmLabel="Remover"
        confirmColor="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja remover o número <strong>{removing?.name}</strong>? As mensagens dele deixam de chegar ao
          Prosa.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
