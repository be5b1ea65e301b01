import { Alert, Anchor, Button, Card, EmptyState, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TInstagramChannel } from '@prosa/shared/facebook';
import { IconAlertCircle, IconBrandInstagram, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { EditAction, RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import type { TModalTarget } from '../../components/target-modal';
import { errorMessage } from '../../lib/api';
import { useFacebookPages } from '../facebook/api';
import { useSectors } from '../sectors/api';
import { useDeleteInstagram, useInstagramAccounts, useSaveInstagram } from './api';
import { InstagramFormModal } from './instagram-form-modal';

const LOAD_ERROR = 'Erro ao carregar as contas do Instagram.';

/** /channels/instagram: Instagram business accounts answered through Instagram Direct, via their Facebook page. */
export function InstagramPage() {
  const accounts = useInstagramAccounts();
  const pages = useFacebookPages();
  const sectors = useSectors();
  const save = useSaveInstagram();
  const remove = useDeleteInstagram();
  const [editing, setEditing] = useState<TModalTarget<TInstagramChannel>>(null);
  const [removing, setRemoving] = useState<TInstagramChannel | null>(null);
  const list = accounts.data ?? [];
  const linkable = (pages.data?.pages ?? []).filter((p) => p.connected && p.instagram_id !== null);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Instagram"
        description={
          <>
            As mensagens do Instagram Direct chegam pela página do Facebook vinculada à conta profissional.
            Conecte antes a página em{' '}
            <Anchor component={Link} to="/channels/facebook" size="sm">
              Facebook e Instagram
            </Anchor>
            .
          </>
        }
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Nova conta
          </Button>
        }
      />
      <Card padding={0}>
        {accounts.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={LOAD_ERROR}>
            {errorMessage(accounts.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={760} type="native">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label="Contas do Instagram"
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Conta</Table.Th>
                  <Table.Th>Página do Facebook</Table.Th>
                  <Table.Th>Setor</Table.Th>
                  <Table.Th w={100}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {accounts.isPending ? <SkeletonRows rows={3} columns={5} /> : null}
                {list.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td fw={500}>{a.name}</Table.Td>
                    <Table.Td>@{a.username}</Table.Td>
                    <Table.Td>{a.page_name ?? a.page_id}</Table.Td>
                    <Table.Td>{a.sector_name ?? '—'}</Table.Td>
                    <Table.Td>
                      <RowActions>
                        <EditAction name={a.name} onClick={() => setEditing(a)} />
                        <RowAction
                          label="Remover"
                          name={a.name}
                          icon={IconTrash}
                          color="red"
                          onClick={() => setRemoving(a)}
                        />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!accounts.isPending && !accounts.isError && list.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconBrandInstagram size={28} />}
            title="Nenhuma conta do Instagram cadastrada"
            description="Conecte a página do Facebook vinculada à conta profissional e cadastre a conta aqui."
          >
            <EmptyState.Actions>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                Nova conta
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : null}
      </Card>
      <InstagramFormModal
        target={editing}
        pages={linkable}
        sectors={sectors.data ?? []}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(id, body) => save.mutate({ id, body }, { onSuccess: () => setEditing(null) })}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remover conta do Instagram"
        confirmLabel="Remover"
        confirmColor="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Remover a conta <strong>@{removing?.username}</strong>? As mensagens do Instagram Direct dela deixam
          de chegar ao Prosa.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
