import { Alert, Button, Card, Code, EmptyState, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDate } from '@prosa/shared/dates';
import type { TWebchat } from '@prosa/shared/webchat';
import { IconAlertCircle, IconCode, IconMessageCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { DeleteAction, EditAction, RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useSectors } from '../sectors/api';
import { useDeleteWebchat, useSaveWebchat, useWebchats } from './api';
import { InstallSnippetModal } from './install-snippet';
import { WebchatFormModal } from './webchat-form-modal';

const LOAD_ERROR = 'Erro ao carregar os web chats.';
// /demo/webchat shows the first web chat of the demo company (server demo page).
const DEMO_COMPANY = 'Empresa Demo';

export function WebchatsPage() {
  const me = useCurrentUser();
  const webchats = useWebchats();
  const sectors = useSectors();
  const save = useSaveWebchat();
  const remove = useDeleteWebchat();
  const [editing, setEditing] = useState<TWebchat | 'new' | null>(null);
  const [snippetOf, setSnippetOf] = useState<TWebchat | null>(null);
  const [removing, setRemoving] = useState<TWebchat | null>(null);

  const list = webchats.data ?? [];
  const sectorName = (id: number) => sectors.data?.find((s) => s.id === id)?.name ?? '—';
  const demoId = me.companyName === DEMO_COMPANY ? Math.min(...list.map((w) => w.id)) : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Web chat"
        description="Widgets de conversa para os sites da empresa: cada um entra no site com uma tag de script."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Novo web chat
          </Button>
        }
      />
      <Card padding={0}>
        {webchats.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={LOAD_ERROR}>
            {errorMessage(webchats.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={720} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Web chats">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Setor</Table.Th>
                  <Table.Th>Código</Table.Th>
                  <Table.Th>Criado em</Table.Th>
                  <Table.Th w={140}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {webchats.isPending ? <SkeletonRows rows={3} columns={5} /> : null}
                {list.map((w) => (
                  <Table.Tr key={w.id}>
                    <Table.Td fw={500}>{w.name}</Table.Td>
                    <Table.Td>{sectorName(w.sector_id)}</Table.Td>
                    <Table.Td>
                      <Code>{w.code}</Code>
                    </Table.Td>
                    <Table.Td>{formatDate(w.created_at, me.timezone)}</Table.Td>
                    <Table.Td>
                      <RowActions>
                        <RowAction
                          label="Código de instalação"
                          ariaLabel={`Código de instalação de ${w.name}`}
                          icon={IconCode}
                          onClick={() => setSnippetOf(w)}
                        />
                        <EditAction name={w.name} onClick={() => setEditing(w)} />
                        <DeleteAction name={w.name} onClick={() => setRemoving(w)} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!webchats.isPending && !webchats.isError && list.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconMessageCircle size={28} />}
            title="Nenhum web chat cadastrado"
            description="Crie um web chat para conversar com os visitantes do seu site."
          >
            <EmptyState.Actions>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                Novo web chat
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : null}
      </Card>
      <WebchatFormModal
        target={editing}
        sectors={sectors.data ?? []}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(id, body) =>
          save.mutate(
            { id, body },
            {
              onSuccess: (saved) => {
                setEditing(null);
                setSnippetOf(saved);
              },
            },
          )
        }
      />
      <InstallSnippetModal
        webchat={snippetOf}
        demoLink={snippetOf !== null && snippetOf.id === demoId}
        onClose={() => setSnippetOf(null)}
      />
      <DeleteDialog
        target={removing}
        title="Excluir web chat"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(target) => remove.mutate(target.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir o web chat <strong>{removing?.name}</strong>? Os sites que usam o código{' '}
          <Code>{removing?.code}</Code> deixam de exibir o widget.
        </Text>
      </DeleteDialog>
    </Stack>
  );
}
