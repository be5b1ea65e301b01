import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  EmptyState,
  Group,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { GENERIC_CHANNEL_PATH } from '@prosa/shared/generic-channels';
import { NEWCHAT_MSG, type TNewchat } from '@prosa/shared/newchat';
import { IconAlertCircle, IconCopy, IconExternalLink, IconMessages, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DeleteDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { DeleteAction, EditAction, RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { useSectors } from '../sectors/api';
import { useDeleteNewchat, useNewchats } from './api';
import { publicLink } from './wizard-state';

const LOAD_ERROR = 'Erro ao carregar os canais';
export const editPath = (params: string) => `${GENERIC_CHANNEL_PATH.nc}-edit?${params}`;

/** main.newchat: the company's NewChats with their public link. */
export function NewchatsPage() {
  const navigate = useNavigate();
  const newchats = useNewchats();
  const sectors = useSectors();
  const remove = useDeleteNewchat();
  const [removing, setRemoving] = useState<TNewchat | null>(null);
  const list = newchats.data ?? [];
  const sectorName = (id: number) => sectors.data?.find((s) => s.id === id)?.name ?? '—';
  const create = () => navigate(editPath('typeId=2&step=1'));
  const copy = (n: TNewchat) =>
    copyText(publicLink(window.location.origin, n.code)).then(
      () => toast.success(NEWCHAT_MSG.linkCopied),
      () => toast.error('Não foi possível copiar. Selecione o link e copie manualmente.'),
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title="NewChat"
        description="Páginas de conversa em tela cheia, que o cliente pode instalar como aplicativo."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            Novo NewChat
          </Button>
        }
      />
      <Card padding={0}>
        {newchats.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={LOAD_ERROR}>
            {errorMessage(newchats.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={760} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="NewChats">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Setor</Table.Th>
                  <Table.Th>Link público</Table.Th>
                  <Table.Th w={170}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {newchats.isPending ? <SkeletonRows rows={3} columns={4} /> : null}
                {list.map((n) => (
                  <Table.Tr key={n.id}>
                    <Table.Td fw={500}>{n.name}</Table.Td>
                    <Table.Td>{sectorName(n.sector_id)}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Code>/newchat/{n.code}</Code>
                        <Anchor
                          href={`/newchat/${n.code}`}
                          target="_blank"
                          rel="noopener"
                          aria-label={`Abrir ${n.name}`}
                        >
                          <IconExternalLink size={16} />
                        </Anchor>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        <RowAction
                          label="Copiar link"
                          ariaLabel={`Copiar link de ${n.name}`}
                          icon={IconCopy}
                          onClick={() => void copy(n)}
                        />
                        <EditAction
                          name={n.name}
                          onClick={() => navigate(editPath(`id=${n.id}&typeId=2&step=1`))}
                        />
                        <DeleteAction name={n.name} onClick={() => setRemoving(n)} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!newchats.isPending && !newchats.isError && list.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconMessages size={28} />}
            title="Nenhum NewChat cadastrado"
            description="Crie um NewChat para atender seus clientes numa página própria."
          >
            <EmptyState.Actions>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={create}>
                Novo NewChat
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : null}
      </Card>
      <DeleteDialog
        target={removing}
        title="Excluir NewChat"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(target) => remove.mutate(target.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir o NewChat <strong>{removing?.name}</strong>? A página pública deixa de funcionar.
        </Text>
      </DeleteDialog>
    </Stack>
  );
}
