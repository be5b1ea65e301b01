import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PAUSE_PAGE_SIZES } from '@prosa/shared/pause';
import { IconAlertCircle, IconListDetails, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DeleteDialog } from '../../components/confirm-dialog';
import { PagePagination } from '../../components/page-pagination';
import { PerPageSelect } from '../../components/per-page-select';
import { DeleteAction, EditAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { CardTitle } from '../account/card-title';
import { type TPauseReason, useDeleteReason, usePauseReasons, useSaveReason } from './api';
import { PauseReasonModal } from './pause-reason-modal';

const DEFAULT_COUNT = 8;
const LOAD_ERROR = 'Erro ao carregar configurações';

/** The pause reasons of the company: 8 per page (4, 8, 16), search by title, create, edit, remove. */
export function PauseReasonsCard() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [count, setCount] = useState(DEFAULT_COUNT);
  const reasons = usePauseReasons({ page, count, search: debounced });
  const save = useSaveReason();
  const remove = useDeleteReason();
  const [editing, setEditing] = useState<TPauseReason | 'new' | null>(null);
  const [removing, setRemoving] = useState<TPauseReason | null>(null);

  const total = reasons.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / count));
  const items = reasons.data?.items ?? [];
  const emptyPage = reasons.data !== undefined && items.length === 0 && page > 1 && !reasons.isFetching;
  // A removal can leave the last page empty: go back to the last page that has reasons.
  useEffect(() => {
    if (emptyPage) setPage((p) => Math.max(1, Math.min(p - 1, pages)));
  }, [emptyPage, pages]);

  return (
    <Card component="section" aria-labelledby="pause-reasons-title" padding={0}>
      <Stack gap={0}>
        <Group p="lg" pb="md" justify="space-between" gap="sm">
          <CardTitle
            id="pause-reasons-title"
            icon={<IconListDetails size={22} color="var(--mantine-color-prosa-7)" aria-hidden />}
          >
            Motivos de pausa
          </CardTitle>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Novo motivo
          </Button>
        </Group>
        <Group px="lg" pb="md" justify="space-between" gap="sm">
          <TextInput
            aria-label="Buscar motivo"
            placeholder="Buscar pelo título"
            leftSection={<IconSearch size={16} />}
            rightSection={reasons.isFetching && reasons.data ? <Loader size="xs" /> : null}
            maxLength={80}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 320 }}
          />
          <PerPageSelect
            id="pause-reasons-count"
            sizes={PAUSE_PAGE_SIZES}
            value={count}
            onChange={(n) => {
              setCount(n);
              setPage(1);
            }}
          />
        </Group>
        {reasons.isError ? (
          <Alert mx="lg" mb="lg" color="red" icon={<IconAlertCircle />} title={LOAD_ERROR}>
            {errorMessage(reasons.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={560} type="native">
            <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover aria-label="Motivos de pausa">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th w="35%">Título</Table.Th>
                  <Table.Th>Descrição</Table.Th>
                  <Table.Th w={100}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reasons.isPending ? <SkeletonRows rows={3} columns={3} /> : null}
                {items.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td fw={500}>{r.title}</Table.Td>
                    <Table.Td c={r.description ? undefined : 'dimmed'}>{r.description || '—'}</Table.Td>
                    <Table.Td>
                      <RowActions>
                        <EditAction name={r.title} onClick={() => setEditing(r)} />
                        <DeleteAction name={r.title} onClick={() => setRemoving(r)} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {reasons.data && items.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconListDetails size={28} />}
            title={debounced ? 'Nenhum motivo encontrado' : 'Nenhum motivo cadastrado'}
            description={
              debounced
                ? 'Tente buscar por outro título.'
                : 'Cadastre os motivos que os operadores escolhem ao pausar.'
            }
          />
        ) : null}
        {total > 0 ? (
          <Group justify="space-between" p="md" px="lg" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {total === 1 ? '1 motivo' : `${total} motivos`}
            </Text>
            {pages > 1 ? <PagePagination total={pages} value={page} onChange={setPage} /> : null}
          </Group>
        ) : null}
      </Stack>
      <PauseReasonModal
        target={editing}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(id, body) => save.mutate({ id, body }, { onSuccess: () => setEditing(null) })}
      />
      <DeleteDialog
        target={removing}
        title="Excluir motivo de pausa"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(target) => remove.mutate(target.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir o motivo <strong>{removing?.title}</strong>? Ele deixa de aparecer para os
          operadores.
        </Text>
      </DeleteDialog>
    </Card>
  );
}
