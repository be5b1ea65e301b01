import {
  Alert,
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
import { COMPANY_MSG, type TCompanyListItem } from '@prosa/shared/company-admin';
import { formatDate } from '@prosa/shared/dates';
import { totalPages } from '@prosa/shared/pagination';
import { IconAlertCircle, IconBuilding, IconPlus, IconSearch, IconToggleRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { COMPANIES_PER_PAGE, useCompanies } from './api';
import { CompanyStatusBadge } from './company-status-badge';
import { CompanyStatusModal } from './company-status-modal';
import { NewCompanyModal } from './new-company-modal';

const COLUMNS = 7;

/** Companies list (spec 2 §2): search, pages, new company and status edit modals; a row opens the company. */
export function CompaniesPage() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [statusOf, setStatusOf] = useState<TCompanyListItem | null>(null);
  const companies = useCompanies({ page, search: debounced });
  const list = companies.data?.items ?? [];
  const pages = totalPages(companies.data?.total ?? 0, COMPANIES_PER_PAGE);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Empresas"
        description="Empresas que você administra: dados, usuários, acesso, aparência e contrato."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Nova empresa
          </Button>
        }
      />
      <TextInput
        maw={420}
        aria-label="Buscar empresas"
        placeholder="Buscar por nome ou domínio"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      <Card padding={0}>
        {companies.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={COMPANY_MSG.loadError}>
            {errorMessage(companies.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={860} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Empresas">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>Domínio</Table.Th>
                  <Table.Th>Organização</Table.Th>
                  <Table.Th>Plano</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Criada em</Table.Th>
                  <Table.Th w={64}>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {companies.isPending ? <SkeletonRows rows={4} columns={COLUMNS} /> : null}
                {list.map((c) => (
                  <Table.Tr
                    key={c.id}
                    style={{ cursor: 'pointer' }}
                    onClick={() => navigate(`/companies/${c.id}`)}
                  >
                    <Table.Td fw={500}>
                      <Text
                        component="a"
                        href={`/companies/${c.id}`}
                        inherit
                        c="inherit"
                        td="none"
                        onClick={(e) => {
                          e.preventDefault();
                          e.stopPropagation();
                          navigate(`/companies/${c.id}`);
                        }}
                      >
                        {c.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{c.domain}</Table.Td>
                    <Table.Td>{c.organization || '—'}</Table.Td>
                    <Table.Td>{c.plan_name ?? '—'}</Table.Td>
                    <Table.Td>
                      <CompanyStatusBadge
                        statusId={c.status_id}
                        inactiveSince={c.inactive_since}
                        timezone={me.timezone}
                      />
                    </Table.Td>
                    <Table.Td>{formatDate(c.created_at, me.timezone)}</Table.Td>
                    <Table.Td>
                      <RowActions>
                        <RowAction
                          label="Status"
                          ariaLabel={`Status de ${c.name}`}
                          icon={IconToggleRight}
                          onClick={(e) => {
                            e.stopPropagation();
                            setStatusOf(c);
                          }}
                        />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!companies.isPending && !companies.isError && list.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconBuilding size={28} />}
            title="Nenhuma empresa encontrada."
            description={
              debounced.trim() ? 'Tente buscar por outro nome ou domínio.' : 'Crie uma empresa para começar.'
            }
          />
        ) : null}
      </Card>
      {pages > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {companies.data?.total ?? 0} empresas
          </Text>
          <PagePagination total={pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
      <NewCompanyModal opened={creating} onClose={() => setCreating(false)} />
      <CompanyStatusModal company={statusOf} onClose={() => setStatusOf(null)} />
    </Stack>
  );
}
