import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { BI_MSG, BI_PROVIDER_LABEL, BI_REPORTS_PER_PAGE, type TBiReport } from '@prosa/shared/bi-reports';
import { IconAlertCircle, IconEye, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DeleteDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { DeleteAction, EditAction, RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useBiReportsPage, useDeleteBiReport } from './api';

const COLUMNS = 5;

/** BI report definitions (spec 3 §2 main.report-bi-list): found by name, by pages; new, edit, view, delete. */
export function BiReportsPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed, 300);
  const list = useBiReportsPage(page, search);
  const remove = useDeleteBiReport();
  const [removing, setRemoving] = useState<TBiReport | null>(null);
  const items = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / BI_REPORTS_PER_PAGE));
  const newButton = (variant: 'filled' | 'light') => (
    <Button component={Link} to="/report-bi/new" variant={variant} leftSection={<IconPlus size={16} />}>
      Novo relatório
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Relatórios BI"
        description="Relatórios do Metabase ou do Power BI exibidos, incorporados, aos gestores das empresas escolhidas."
        actions={newButton('filled')}
      />
      <TextInput
        placeholder="Buscar por nome"
        aria-label="Buscar por nome"
        leftSection={<IconSearch size={16} />}
        value={typed}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      {list.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={BI_MSG.listError}>
          {errorMessage(list.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <Card padding={0}>
          <Table.ScrollContainer minWidth={760} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Relatórios BI">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Serviço</Table.Th>
                  <Table.Th>Report-ID</Table.Th>
                  <Table.Th>Empresas</Table.Th>
                  <Table.Th w={130}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? <SkeletonRows rows={4} columns={COLUMNS} /> : null}
                {!list.isPending && items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS}>
                      <Stack align="center" gap="xs" py="xl">
                        <Text fw={500}>
                          {search ? 'Nenhum relatório encontrado' : 'Nenhum relatório cadastrado'}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {search
                            ? 'Tente outro nome.'
                            : 'Cadastre um painel do Metabase ou um relatório do Power BI.'}
                        </Text>
                        {search ? null : newButton('light')}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {items.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Text fw={500} size="sm" lineClamp={1} maw={300}>
                        {r.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={r.provider === 'metabase' ? 'blue' : 'yellow'}>
                        {BI_PROVIDER_LABEL[r.provider]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text
                        size="sm"
                        ff="monospace"
                        lineClamp={2}
                        maw={280}
                        style={{ wordBreak: 'break-all' }}
                      >
                        {r.report_id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip
                        label={r.companies.map((c) => c.name).join(', ')}
                        disabled={r.companies.length < 3}
                        multiline
                        maw={320}
                      >
                        <Text size="sm" lineClamp={2} maw={240} c={r.companies.length ? undefined : 'dimmed'}>
                          {r.companies.length ? r.companies.map((c) => c.name).join(', ') : 'Nenhuma empresa'}
                        </Text>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        <RowAction
                          label="Visualizar"
                          icon={IconEye}
                          name={r.name}
                          onClick={() => navigate(`/report-bi/${r.id}`)}
                        />
                        <EditAction name={r.name} onClick={() => navigate(`/report-bi/${r.id}/edit`)} />
                        <DeleteAction name={r.name} onClick={() => setRemoving(r)} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {pages > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {list.data?.total ?? 0} relatórios
          </Text>
          <PagePagination total={pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
      <DeleteDialog
        target={removing}
        title="Excluir relatório BI"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(r) => remove.mutate(r.id, { onSuccess: () => setRemoving(null) })}
      >
        <Text size="sm">
          Excluir o relatório <b>{removing?.name}</b>? Os gestores deixam de vê-lo.
        </Text>
      </DeleteDialog>
    </Stack>
  );
}
