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
import type { TNegotiator } from '@prosa/shared/negotiator';
import { NEGOTIATOR_PAGE_SIZES } from '@prosa/shared/negotiator';
import { NEGOTIATOR_DEFAULT_PAGE_SIZE } from '@prosa/shared/negotiator-admin';
import { totalPages } from '@prosa/shared/pagination';
import {
  IconAlertCircle,
  IconCopy,
  IconExternalLink,
  IconMessage2,
  IconPigMoney,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DeleteDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { PerPageSelect } from '../../components/per-page-select';
import { DeleteAction, EditAction, RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { copyWithToast } from '../multichannel/links';
import { NEGOTIATOR_PATH, useDeleteNegotiator, useNegotiators } from './api';

export const negotiatorUrl = (link: string) => `${window.location.origin}${link}`;

/** main.negotiator: the company's negotiators, 25, 50 or 100 per page (default 50), filtered by name. */
export function NegotiatorsPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(NEGOTIATOR_DEFAULT_PAGE_SIZE);
  const [name, setName] = useState('');
  const [debounced] = useDebouncedValue(name.trim(), 300);
  const list = useNegotiators(page, perPage, debounced);
  const remove = useDeleteNegotiator();
  const [removing, setRemoving] = useState<TNegotiator | null>(null);
  const items = list.data?.data ?? [];
  const pages = totalPages(list.data?.total ?? 0, perPage);
  const create = () => navigate(`${NEGOTIATOR_PATH}/new`);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Negociador"
        description="Robôs que negociam débitos do mailing na conversa e no hotsite, e emitem o boleto."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            Novo negociador
          </Button>
        }
      />
      <TextInput
        label="Buscar por nome"
        placeholder="Nome do negociador"
        leftSection={<IconSearch size={16} />}
        value={name}
        maw={360}
        onChange={(e) => {
          setName(e.currentTarget.value);
          setPage(1);
        }}
      />
      <Card padding={0}>
        {list.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title="Erro ao carregar os negociadores.">
            {errorMessage(list.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={900} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Negociadores">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Mailing</Table.Th>
                  <Table.Th>Link multicanal</Table.Th>
                  <Table.Th>Hotsite</Table.Th>
                  <Table.Th w={200}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? <SkeletonRows rows={3} columns={5} /> : null}
                {items.map((n) => (
                  <Table.Tr key={n.id}>
                    <Table.Td fw={500}>{n.name}</Table.Td>
                    <Table.Td>{n.mailing?.title ?? '—'}</Table.Td>
                    <Table.Td>{n.multichannel?.name ?? '—'}</Table.Td>
                    <Table.Td>
                      <Anchor href={negotiatorUrl(n.link)} target="_blank" rel="noopener" size="sm">
                        {n.link}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        <RowAction
                          label="Copiar link"
                          ariaLabel={`Copiar link de ${n.name}`}
                          icon={IconCopy}
                          onClick={() => copyWithToast(negotiatorUrl(n.link))}
                        />
                        <RowAction
                          label="Abrir hotsite"
                          ariaLabel={`Abrir hotsite de ${n.name}`}
                          icon={IconExternalLink}
                          onClick={() => window.open(negotiatorUrl(n.link), '_blank', 'noopener')}
                        />
                        <RowAction
                          label="Frases"
                          ariaLabel={`Frases de ${n.name}`}
                          icon={IconMessage2}
                          onClick={() => navigate(`${NEGOTIATOR_PATH}/${n.id}/phrases`)}
                        />
                        <EditAction name={n.name} onClick={() => navigate(`${NEGOTIATOR_PATH}/${n.id}`)} />
                        <DeleteAction name={n.name} onClick={() => setRemoving(n)} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!list.isPending && !list.isError && items.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconPigMoney size={28} />}
            title={debounced ? 'Nenhum negociador encontrado' : 'Nenhum negociador cadastrado'}
            description={
              debounced
                ? 'Nenhum negociador tem esse nome.'
                : 'Crie um negociador para que os devedores do mailing consultem débitos e emitam boletos sozinhos.'
            }
          >
            {debounced ? null : (
              <EmptyState.Actions>
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={create}>
                  Novo negociador
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        ) : null}
      </Card>
      <Group justify="space-between">
        <PerPageSelect
          id="negotiators-per-page"
          sizes={NEGOTIATOR_PAGE_SIZES}
          value={perPage}
          onChange={(n) => {
            setPerPage(n);
            setPage(1);
          }}
        />
        {pages > 1 ? <PagePagination total={pages} value={page} onChange={setPage} /> : null}
      </Group>
      <DeleteDialog
        target={removing}
        title="Excluir negociador"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(target) => remove.mutate(target.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir o negociador <strong>{removing?.name}</strong>? O hotsite sai do ar e o robô deixa de
          responder nos canais.
        </Text>
      </DeleteDialog>
    </Stack>
  );
}
