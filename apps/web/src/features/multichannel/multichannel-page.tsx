import {
  Alert,
  Anchor,
  Button,
  Card,
  EmptyState,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MULTICHANNEL_PER_PAGE, type TMultichannelPage } from '@prosa/shared/multichannel';
import { totalPages } from '@prosa/shared/pagination';
import {
  IconAlertCircle,
  IconCopy,
  IconExternalLink,
  IconPlus,
  IconSearch,
  IconSitemap,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DeleteDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { DeleteAction, EditAction, RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useDeleteMultichannel, useMultichannels } from './api';
import { copyWithToast, hotsiteUrl } from './links';
import { TypeIcons } from './type-icons';

type Item = TMultichannelPage['items'][number];
export const MULTICHANNEL_PATH = '/channels/multichannel';

/** main.multichannel: the company's multichannel links, 50 per page. */
export function MultichannelPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const links = useMultichannels(page, debounced);
  const remove = useDeleteMultichannel();
  const [removing, setRemoving] = useState<Item | null>(null);
  const items = links.data?.items ?? [];
  const pages = totalPages(links.data?.total ?? 0, MULTICHANNEL_PER_PAGE);
  const create = () => navigate(`${MULTICHANNEL_PATH}/new`);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Multicanal"
        description="Links com um hotsite e um widget que mostram os canais de atendimento da empresa."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            Novo multicanal
          </Button>
        }
      />
      <TextInput
        label="Buscar por nome"
        placeholder="Nome do link"
        leftSection={<IconSearch size={16} />}
        value={search}
        maw={360}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      <Card padding={0}>
        {links.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title="Erro ao carregar os links multicanal.">
            {errorMessage(links.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={820} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Links multicanal">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Canais</Table.Th>
                  <Table.Th>Hotsite</Table.Th>
                  <Table.Th w={160}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.isPending ? <SkeletonRows rows={3} columns={4} /> : null}
                {items.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td fw={500}>{l.name}</Table.Td>
                    <Table.Td>
                      <TypeIcons types={l.channels} />
                    </Table.Td>
                    <Table.Td>
                      <Anchor href={hotsiteUrl(l.hash)} target="_blank" rel="noopener" size="sm">
                        /hotsite/{l.hash}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        <RowAction
                          label="Copiar link"
                          ariaLabel={`Copiar link de ${l.name}`}
                          icon={IconCopy}
                          onClick={() => copyWithToast(hotsiteUrl(l.hash))}
                        />
                        <RowAction
                          label="Abrir hotsite"
                          ariaLabel={`Abrir hotsite de ${l.name}`}
                          icon={IconExternalLink}
                          onClick={() => window.open(hotsiteUrl(l.hash), '_blank', 'noopener')}
                        />
                        <EditAction name={l.name} onClick={() => navigate(`${MULTICHANNEL_PATH}/${l.id}`)} />
                        <DeleteAction name={l.name} onClick={() => setRemoving(l)} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!links.isPending && !links.isError && items.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconSitemap size={28} />}
            title={debounced ? 'Nenhum link encontrado' : 'Nenhum link multicanal cadastrado'}
            description={
              debounced
                ? 'Nenhum link tem esse nome.'
                : 'Crie um link para reunir WhatsApp, Facebook, Telegram, e-mail, web chat e NewChat em uma página.'
            }
          >
            {debounced ? null : (
              <EmptyState.Actions>
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={create}>
                  Novo multicanal
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        ) : null}
      </Card>
      {pages > 1 ? (
        <Group justify="flex-end">
          <PagePagination total={pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
      <DeleteDialog
        target={removing}
        title="Excluir multicanal"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(target) => remove.mutate(target.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir o link <strong>{removing?.name}</strong>? O hotsite e o widget deixam de funcionar.
        </Text>
      </DeleteDialog>
    </Stack>
  );
}
