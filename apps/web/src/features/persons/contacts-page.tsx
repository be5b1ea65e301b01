import { Alert, Button, Card, EmptyState, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { can } from '@prosa/shared/permissions';
import { PERSON_PAGE_SIZE } from '@prosa/shared/person';
import { ROLE } from '@prosa/shared/roles';
import {
  IconAddressBook,
  IconAlertCircle,
  IconFileImport,
  IconInfoCircle,
  IconPlus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { useCompanyFeatures } from '../company-metadata/api';
import { usePersons } from './api';
import { ContactsFilterPanel } from './contacts-filter-panel';
import { ContactsTable } from './contacts-table';
import { ImportPersonsModal } from './import-persons-modal';
import { EMPTY_FILTERS, hasFilters, personQuery, type TPersonFilterValues } from './person-filters';
import { PersonModal, type TPersonModalTarget } from './person-modal';

// The server's 403 text when the company flag allow.person is off.
const PERSON_FEATURE_OFF_TEXT = 'O cadastro de contatos não está ativo para esta empresa.';

/** Contatos (spec 3 §2 contacts list): filters, 25 per page, new, import, and the contact modal. */
export function ContactsPage() {
  const user = useCurrentUser();
  const features = useCompanyFeatures();
  const enabled = features.data?.allow.person === true;
  const canWrite = can(user.permissions, 'contatos', 'write');
  const [filters, setFilters] = useState<TPersonFilterValues>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<TPersonModalTarget>(null);
  const [importing, setImporting] = useState(false);

  const check = personQuery(filters, page);
  const persons = usePersons(enabled && check.ok ? check.query : null);
  const data = persons.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PERSON_PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * PERSON_PAGE_SIZE + 1;
  const last = Math.min(total, page * PERSON_PAGE_SIZE);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Contatos"
        description="As pessoas com quem a empresa conversa: dados, canais e histórico de alterações."
        actions={
          enabled && canWrite ? (
            <>
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} />}
                onClick={() => setImporting(true)}
              >
                Importar contatos
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setTarget('new')}>
                Novo contato
              </Button>
            </>
          ) : null
        }
      />
      {features.isPending ? (
        <Skeleton h={240} radius="md" />
      ) : !enabled ? (
        <Alert color="yellow" icon={<IconInfoCircle />} title="Recurso desativado" maw={720}>
          <Text size="sm">{PERSON_FEATURE_OFF_TEXT}</Text>
          <Text size="sm" mt={4}>
            {user.role >= ROLE.manager
              ? 'Ative "Contatos" em Configurações para usar o cadastro de contatos.'
              : 'Peça a um gestor para ativar o recurso nas configurações da empresa.'}
          </Text>
        </Alert>
      ) : (
        <>
          <ContactsFilterPanel
            initialValues={filters}
            // A new search in flight (the previous page stays shown meanwhile); background refreshes do not count.
            searching={persons.isFetching && (persons.isPending || persons.isPlaceholderData)}
            onSearch={(values) => {
              setFilters(values);
              setPage(1);
              // The same search again: the query key does not change, so ask the server again.
              const next = personQuery(values, 1);
              if (next.ok && check.ok && next.query === check.query) void persons.refetch();
            }}
          />
          <Card padding={0} component="section" aria-label="Lista de contatos">
            <Group p="md" justify="space-between" gap="sm">
              <Group gap="xs">
                <Text size="sm" fw={500} aria-live="polite">
                  {persons.isPending || persons.isError
                    ? ' '
                    : total === 1
                      ? '1 contato encontrado'
                      : `${total.toLocaleString('pt-BR')} contatos encontrados`}
                </Text>
                {persons.isFetching && !persons.isPending ? (
                  <Loader size="xs" aria-label="Atualizando" />
                ) : null}
              </Group>
            </Group>
            {persons.isError ? (
              <Alert
                m="md"
                color="red"
                variant="light"
                icon={<IconAlertCircle />}
                title="Não foi possível listar os contatos."
              >
                {errorMessage(persons.error, 'Tente novamente em instantes.')}
              </Alert>
            ) : (
              <ContactsTable
                rows={data?.items ?? []}
                loading={persons.isPending}
                tz={user.timezone}
                onOpen={(p) => setTarget({ personId: p.id })}
              />
            )}
            {!persons.isPending && !persons.isError && total === 0 ? (
              <EmptyState
                py="xl"
                icon={<IconAddressBook size={28} />}
                title="Nenhum contato encontrado."
                description={
                  hasFilters(filters)
                    ? 'Ajuste os filtros e pesquise de novo.'
                    : 'Os contatos aparecem quando conversam com a empresa, ou cadastre e importe os seus.'
                }
              />
            ) : null}
            {!persons.isError && total > 0 ? (
              <Group justify="space-between" p="md" gap="sm">
                <Text size="sm" c="dimmed">
                  {`Mostrando ${first}–${last} de ${total.toLocaleString('pt-BR')}`}
                </Text>
                {pages > 1 ? <PagePagination total={pages} value={page} onChange={setPage} /> : null}
              </Group>
            ) : null}
          </Card>
        </>
      )}
      <PersonModal
        target={target}
        onClose={() => setTarget(null)}
        onShowPerson={(id) => setTarget({ personId: id })}
      />
      <ImportPersonsModal opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}
