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
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  maskCnpj,
  ORGANIZATION_MSG,
  ORGANIZATION_PAGE_SIZES,
  type TOrganization,
} from '@prosa/shared/organizations';
import { IconAlertCircle, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DeleteDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { PerPageSelect } from '../../components/per-page-select';
import { DeleteAction, EditAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useDeleteOrganization, useOrganizationsPage } from './api';

const COLUMNS = 4;

/** Organizations (spec 3 main.organizations): search by name or CNPJ, pages of 10 or 25, edit and delete. */
export function OrganizationsPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(ORGANIZATION_PAGE_SIZES[0]);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 300);
  const list = useOrganizationsPage(page, perPage, term);
  const remove = useDeleteOrganization();
  const [removing, setRemoving] = useState<TOrganization | null>(null);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const create = () => navigate('/organizations/new');

  return (
    <Stack gap="lg">
      <PageHeader
        title="Organizações"
        description="Agrupe empresas sob o CNPJ da organização a que pertencem."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            Nova organização
          </Button>
        }
      />
      <TextInput
        placeholder="Buscar por nome ou CNPJ"
        aria-label="Buscar por nome ou CNPJ"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      {list.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={ORGANIZATION_MSG.loadError}>
          {errorMessage(list.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <Card padding={0}>
          <Table.ScrollContainer minWidth={720} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Organizações">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th w={200}>CNPJ</Table.Th>
                  <Table.Th>Empresas</Table.Th>
                  <Table.Th w={100}>
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
                          {term ? 'Nenhuma organização encontrada' : 'Nenhuma organização cadastrada'}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {term ? 'Tente outro nome ou CNPJ.' : 'Cadastre a primeira organização.'}
                        </Text>
                        {term ? null : (
                          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={create}>
                            Nova organização
                          </Button>
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {items.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Text fw={500} size="sm">
                        {o.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {maskCnpj(o.cnpj)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {o.companies.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          Nenhuma empresa
                        </Text>
                      ) : (
                        <Group gap={4}>
                          {o.companies.map((c) => (
                            <Badge key={c.id} variant="light" color="gray" tt="none">
                              {c.name}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        <EditAction name={o.name} onClick={() => navigate(`/organizations/${o.id}`)} />
                        <DeleteAction name={o.name} onClick={() => setRemoving(o)} />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {total > 0 ? (
        <Group justify="space-between">
          <Group gap="md">
            <Text size="sm" c="dimmed">
              {total === 1 ? '1 organização' : `${total} organizações`}
            </Text>
            <PerPageSelect
              id="organizations-per-page"
              sizes={ORGANIZATION_PAGE_SIZES}
              value={perPage}
              onChange={(n) => {
                setPerPage(n);
                setPage(1);
              }}
            />
          </Group>
          {pages > 1 ? <PagePagination total={pages} value={page} onChange={setPage} /> : null}
        </Group>
      ) : null}
      <DeleteDialog
        target={removing}
        title="Excluir organização"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(o) => remove.mutate(o.id, { onSuccess: () => setRemoving(null) })}
      >
        <Text size="sm">
          Excluir a organização <b>{removing?.name}</b>? As empresas continuam existindo.
        </Text>
      </DeleteDialog>
    </Stack>
  );
}
