import {
  Alert,
  Badge,
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
import { KNOWLEDGE_MSG, KNOWLEDGE_PAGE_SIZES, parseKnowledgeSearch } from '@prosa/shared/knowledge';
import { IconAlertCircle, IconBook2, IconCopy, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PagePagination } from '../../components/page-pagination';
import { PerPageSelect } from '../../components/per-page-select';
import { DeleteAction, EditAction, RowAction, RowActions } from '../../components/row-actions';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { type TKnowledgeItem, useKnowledgeList } from './api';

type Props = {
  search: string;
  onSearch: (value: string) => void;
  canWrite: boolean;
  onEdit: (item: TKnowledgeItem) => void;
  onRemove: (item: TKnowledgeItem) => void;
  onScope: (scope: 'company' | 'sector') => void;
};

async function copyAnswer(text: string) {
  try {
    await copyText(text);
    toast.success('Resposta copiada!');
  } catch {
    toast.error();
  }
}

/** The answers, 8 per page (4, 8 or 16), with the search box and its rules (spec 1 §5). */
export function KnowledgeListCard({ search, onSearch, canWrite, onEdit, onRemove, onScope }: Props) {
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [count, setCount] = useState(8);
  const rule = parseKnowledgeSearch(debounced);
  const list = useKnowledgeList({ page, count, searchFor: rule.ok ? debounced.trim() : '' }, rule.ok);

  // A new search starts on the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search resets the page
  useEffect(() => setPage(1), [debounced]);

  const scope = list.data?.scope;
  useEffect(() => {
    if (scope) onScope(scope);
  }, [scope, onScope]);

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / count));
  const items = rule.ok ? (list.data?.items ?? []) : [];
  const emptyPage = list.data !== undefined && items.length === 0 && page > 1 && !list.isFetching;
  // A removal can leave the last page empty: go back to the last page that has answers.
  useEffect(() => {
    if (emptyPage) setPage((p) => Math.max(1, Math.min(p - 1, pages)));
  }, [emptyPage, pages]);

  return (
    <Card component="section" aria-label="Lista de perguntas e respostas" padding={0}>
      <Group p="lg" pb="md" justify="space-between" align="flex-start" gap="sm">
        <TextInput
          aria-label="Buscar pergunta e resposta"
          placeholder="Buscar por palavra, tag ou #número"
          leftSection={<IconSearch size={16} />}
          rightSection={list.isFetching && list.data ? <Loader size="xs" /> : null}
          value={search}
          error={rule.ok ? undefined : rule.message}
          onChange={(e) => onSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 380 }}
        />
        <PerPageSelect
          id="knowledge-count"
          sizes={KNOWLEDGE_PAGE_SIZES}
          value={count}
          onChange={(n) => {
            setCount(n);
            setPage(1);
          }}
        />
      </Group>
      {list.isError ? (
        <Alert mx="lg" mb="lg" color="red" icon={<IconAlertCircle />} title={KNOWLEDGE_MSG.listError}>
          {errorMessage(list.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native">
          <Table
            verticalSpacing="sm"
            horizontalSpacing="lg"
            highlightOnHover
            aria-label="Perguntas e respostas"
          >
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th w={64}>Nº</Table.Th>
                <Table.Th>Pergunta e resposta</Table.Th>
                <Table.Th w={70} ta="right">
                  Usos
                </Table.Th>
                <Table.Th w={canWrite ? 124 : 56}>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending && rule.ok ? <SkeletonRows rows={3} columns={4} /> : null}
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td c="dimmed" style={{ verticalAlign: 'top' }}>
                    #{item.id}
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Stack gap={4}>
                      <Text fw={600}>{item.title}</Text>
                      <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
                        {item.text}
                      </Text>
                      {item.tags.length > 0 ? (
                        <Group gap={4} mt={2} aria-label="Tags">
                          {item.tags.map((t) => (
                            <Badge key={t.id} size="sm" variant="light" tt="none">
                              {t.tag}
                            </Badge>
                          ))}
                        </Group>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right" style={{ verticalAlign: 'top' }}>
                    {item.uses}
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <RowActions>
                      <RowAction
                        label="Copiar resposta"
                        ariaLabel={`Copiar ${item.title}`}
                        icon={IconCopy}
                        color="gray"
                        onClick={() => copyAnswer(item.text)}
                      />
                      {canWrite ? (
                        <>
                          <EditAction name={item.title} onClick={() => onEdit(item)} />
                          <DeleteAction name={item.title} onClick={() => onRemove(item)} />
                        </>
                      ) : null}
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && items.length === 0 && rule.ok ? (
        <EmptyState
          py="xl"
          icon={<IconBook2 size={28} />}
          title={
            debounced.trim()
              ? 'Nenhuma pergunta e resposta encontrada.'
              : 'Nenhuma pergunta e resposta cadastrada.'
          }
          description={
            debounced.trim()
              ? 'Tente buscar por outra palavra ou tag.'
              : canWrite
                ? 'Cadastre as respostas que a equipe mais repete no atendimento.'
                : 'Quando o gestor cadastrar respostas prontas, elas aparecem aqui.'
          }
        />
      ) : null}
      {total > 0 && rule.ok ? (
        <Group justify="space-between" p="md" px="lg" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {total === 1 ? '1 resposta' : `${total} respostas`}
          </Text>
          {pages > 1 ? <PagePagination total={pages} value={page} onChange={setPage} /> : null}
        </Group>
      ) : null}
    </Card>
  );
}
