import { Alert, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDateTime } from '@prosa/shared/dates';
import type { TSurveyListItem } from '@prosa/shared/surveys';
import { SURVEY_MSG, SURVEY_TYPE_LABEL, SURVEYS_PER_PAGE } from '@prosa/shared/surveys-texts';
import { IconAlertCircle, IconEye, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { DeleteAction, RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { useCurrentUser } from '../auth/session-context';
import { useDeleteSurvey, useSurveys } from './api';
import { SurveyForm } from './survey-form';
import { SurveyView } from './survey-view';

const COLUMNS = 6;

function Companies({ survey }: { survey: TSurveyListItem }) {
  if (survey.companies.length === 0) return <Text size="sm">Todas</Text>;
  const names = survey.companies.map((c) => c.name);
  if (names.length <= 2) return <Text size="sm">{names.join(', ')}</Text>;
  return (
    <Tooltip label={names.join(', ')} multiline maw={360}>
      <Text size="sm">
        {names.slice(0, 2).join(', ')} e mais {names.length - 2}
      </Text>
    </Tooltip>
  );
}

/** Internal surveys (spec 3 §2): published by admins to companies' users; list, view, new, delete. */
export function SurveysAdminPage() {
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<TSurveyListItem | null>(null);
  const list = useSurveys({ page, search: term });
  const remove = useDeleteSurvey();
  const rows = list.data?.result ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SURVEYS_PER_PAGE));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Pesquisas internas"
        description="Pesquisas que os usuários das empresas escolhidas respondem ao entrar no sistema."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Nova pesquisa
          </Button>
        }
      />
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder="Buscar pelo título"
        aria-label="Buscar pesquisa pelo título"
        maw={360}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
      />
      {list.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={SURVEY_MSG.loadError}>
          Tente novamente em instantes.
        </Alert>
      ) : (
        <Card padding={0}>
          <Table.ScrollContainer minWidth={760} type="native">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label="Pesquisas internas"
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Título</Table.Th>
                  <Table.Th>Tipo</Table.Th>
                  <Table.Th>Empresas</Table.Th>
                  <Table.Th ta="center">Respostas</Table.Th>
                  <Table.Th>Criada em</Table.Th>
                  <Table.Th w={100}>
                    <Text size="sm" fw={700} ta="right">
                      Ações
                    </Text>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? <SkeletonRows rows={4} columns={COLUMNS} /> : null}
                {!list.isPending && rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS}>
                      <Stack align="center" gap="xs" py="xl">
                        <Text fw={500}>
                          {term ? 'Nenhuma pesquisa encontrada' : 'Nenhuma pesquisa publicada'}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {term
                            ? 'Tente outro título.'
                            : 'Publique uma pesquisa para os usuários das suas empresas.'}
                        </Text>
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {rows.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Text size="sm" fw={500} lineClamp={2} maw={360}>
                        {s.title}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={s.type === 'questions' ? 'prosa' : 'grape'}>
                        {SURVEY_TYPE_LABEL[s.type]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Companies survey={s} />
                    </Table.Td>
                    <Table.Td ta="center">{s.answers_count}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(s.created_at, user.timezone)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <RowActions>
                        <RowAction
                          label="Ver"
                          icon={IconEye}
                          name={s.title}
                          onClick={() => setViewing(s.id)}
                        />
                        <DeleteAction name={s.title} onClick={() => setRemoving(s)} />
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
            {total} pesquisas
          </Text>
          <PagePagination total={pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
      <SurveyForm opened={creating} onClose={() => setCreating(false)} />
      <SurveyView id={viewing} timezone={user.timezone} onClose={() => setViewing(null)} />
      <DeleteDialog
        target={removing}
        title="Excluir pesquisa"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(s) => remove.mutate(s.id, { onSettled: () => setRemoving(null) })}
      >
        <Text size="sm">
          Deseja excluir a pesquisa <b>{removing?.title}</b>? Ela deixa de aparecer para os usuários que ainda
          não responderam.
        </Text>
      </DeleteDialog>
    </Stack>
  );
}
