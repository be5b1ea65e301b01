import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { BACKUP_MSG, RESTORED_PER_PAGE, type TRestoredAttendance } from '@prosa/shared/backups';
import { DEFAULT_TIMEZONE } from '@prosa/shared/dates';
import { IconAlertCircle, IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useRestoredAttendances } from './restored-api';
import { RestoredConversationDrawer } from './restored-conversation-drawer';
import { formatRestoredTime } from './restored-time';

const COLUMNS = 6;

/** A restored backup's company, for inspection: its attendances, searchable, and each conversation in a drawer. */
export function RestoredBackupPage() {
  const backupId = Number(useParams().id);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [open, setOpen] = useState<TRestoredAttendance | null>(null);
  const list = useRestoredAttendances(backupId, page, term);
  const company = list.data?.company;
  const tz = company?.timezone ?? DEFAULT_TIMEZONE;
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / RESTORED_PER_PAGE));

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/backups" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          Voltar para backups
        </Group>
      </Anchor>
      <PageHeader
        title={`Atendimentos restaurados${company ? ` — ${company.name}` : ''}`}
        description="Consulta dos atendimentos finalizados que o backup restaurou. Clique em um atendimento para ver a conversa."
      />
      {list.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={BACKUP_MSG.restoredLoadError}>
          {errorMessage(list.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <>
          <TextInput
            label="Buscar"
            placeholder="Nome do contato, número ou protocolo"
            leftSection={<IconSearch size={16} />}
            maw={420}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Card padding={0}>
            <Table.ScrollContainer minWidth={900} type="native">
              <Table
                verticalSpacing="sm"
                horizontalSpacing="md"
                highlightOnHover
                aria-label="Atendimentos restaurados"
              >
                <Table.Thead bg="gray.0">
                  <Table.Tr>
                    <Table.Th>Protocolo</Table.Th>
                    <Table.Th>Contato</Table.Th>
                    <Table.Th>Setor / Status</Table.Th>
                    <Table.Th>Aberto em</Table.Th>
                    <Table.Th>Finalizado em</Table.Th>
                    <Table.Th ta="right">Mensagens</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.isPending ? <SkeletonRows rows={5} columns={COLUMNS} /> : null}
                  {!list.isPending && items.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={COLUMNS}>
                        <Stack align="center" gap="xs" py="xl">
                          <Text fw={500}>
                            {term ? 'Nenhum atendimento encontrado' : 'Nenhum atendimento neste backup'}
                          </Text>
                          <Text size="sm" c="dimmed">
                            {term
                              ? 'Tente outro nome, número ou protocolo.'
                              : 'O período do backup não tinha atendimentos finalizados.'}
                          </Text>
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                  {items.map((a) => (
                    <Table.Tr
                      key={a.id}
                      data-testid={`restored-${a.id}`}
                      style={{ cursor: 'pointer' }}
                      onClick={() => setOpen(a)}
                    >
                      <Table.Td>
                        <UnstyledButton
                          onClick={(e) => {
                            e.stopPropagation();
                            setOpen(a);
                          }}
                          aria-label={`Ver conversa do protocolo ${a.protocol}`}
                        >
                          <Text size="sm" fw={500} c="prosa.7">
                            {a.protocol}
                          </Text>
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{a.contact_name}</Text>
                        {a.contact_number ? (
                          <Text size="xs" c="dimmed">
                            {a.contact_number}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6}>
                          {a.sector ? <Text size="sm">{a.sector}</Text> : null}
                          {a.status ? (
                            <Badge variant="light" color="gray" size="sm">
                              {a.status}
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{formatRestoredTime(a.opened_at, tz)}</Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{a.closed_at ? formatRestoredTime(a.closed_at, tz) : '—'}</Text>
                      </Table.Td>
                      <Table.Td ta="right">{a.messages}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          {total > 0 ? (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {total === 1 ? '1 atendimento' : `${total} atendimentos`}
              </Text>
              {pages > 1 ? <PagePagination total={pages} value={page} onChange={setPage} /> : null}
            </Group>
          ) : null}
        </>
      )}
      <RestoredConversationDrawer
        backupId={backupId}
        attendance={open}
        tz={tz}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
