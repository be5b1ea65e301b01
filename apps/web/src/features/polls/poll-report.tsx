import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { POLL_MSG, type TPollReport } from '@prosa/shared/polls';
import { IconAlertCircle, IconCalendar, IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { exportPollAnalytics, usePollAnalytics, usePollReport, usePollsWithTrashed } from './api';

const DATE_ARIA = {
  previousMonth: 'Mês anterior',
  nextMonth: 'Próximo mês',
  previousYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  previousDecade: 'Década anterior',
  nextDecade: 'Próxima década',
};

const STATE_COLOR: Record<string, string> = {
  Respondida: 'teal',
  Expirada: 'gray',
  'Resposta inválida': 'orange',
  'Aguardando resposta': 'blue',
};

/** The poll report (spec 3 §7): per poll the answers per option in the period, and the rows with a CSV export. */
export function PollReport() {
  const [fromDate, setFromDate] = useState<string | null>(dayjs().startOf('month').format('YYYY-MM-DD'));
  const [toDate, setToDate] = useState<string | null>(dayjs().format('YYYY-MM-DD'));
  const [pollId, setPollId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const period = fromDate && toDate ? { fromDate, toDate } : null;
  const polls = usePollsWithTrashed();
  const report = usePollReport(period);
  const query = period ? { ...period, page, ...(pollId ? { poll_id: Number(pollId) } : {}) } : null;
  const rows = usePollAnalytics(query);
  const shown = (report.data ?? []).filter((p) => !pollId || p.poll_id === Number(pollId));
  const pages = rows.data ? Math.max(1, Math.ceil(rows.data.total / rows.data.per_page)) : 1;
  const [exporting, setExporting] = useState(false);

  return (
    <Stack gap="lg">
      <Card component="section" aria-label="Período do relatório">
        <Group align="flex-end" gap="md">
          <DatePickerInput
            label="Data inicial"
            placeholder="DD/MM/AAAA"
            valueFormat="DD/MM/YYYY"
            locale="pt-br"
            ariaLabels={DATE_ARIA}
            leftSection={<IconCalendar size={16} />}
            value={fromDate}
            onChange={(v) => {
              setFromDate(v);
              setPage(1);
            }}
            w={180}
          />
          <DatePickerInput
            label="Data final"
            placeholder="DD/MM/AAAA"
            valueFormat="DD/MM/YYYY"
            locale="pt-br"
            ariaLabels={DATE_ARIA}
            leftSection={<IconCalendar size={16} />}
            value={toDate}
            onChange={(v) => {
              setToDate(v);
              setPage(1);
            }}
            w={180}
          />
          <Select
            label="Pesquisa"
            placeholder="Todas"
            clearable
            data={(polls.data ?? []).map((p) => ({
              value: String(p.id),
              label: p.deleted_at ? `${p.name} (excluída)` : p.name,
            }))}
            value={pollId}
            onChange={(v) => {
              setPollId(v);
              setPage(1);
            }}
            w={260}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={!query}
            loading={exporting}
            onClick={async () => {
              if (!query) return;
              setExporting(true);
              await exportPollAnalytics(query);
              setExporting(false);
            }}
          >
            Exportar CSV
          </Button>
        </Group>
      </Card>

      {report.isError || rows.isError ? (
        <Alert color="yellow" icon={<IconAlertCircle />} title={POLL_MSG.reportError}>
          {errorMessage(report.error ?? rows.error, 'Verifique o período e tente novamente.')}
        </Alert>
      ) : null}

      {report.isPending && period ? <Skeleton h={140} /> : null}
      {report.data && shown.length === 0 ? (
        <Card>
          <Text c="dimmed" ta="center" py="md">
            Nenhuma pesquisa enviada no período.
          </Text>
        </Card>
      ) : null}
      {shown.length > 0 ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {shown.map((p) => (
            <PollSummary key={p.poll_id} poll={p} />
          ))}
        </SimpleGrid>
      ) : null}

      <Card padding={0}>
        <Group justify="space-between" p="md" pb="xs">
          <Title order={4}>Respostas</Title>
          <Text size="sm" c="dimmed">
            {rows.data ? `${rows.data.total} envio(s)` : ''}
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={980} type="native">
          <Table verticalSpacing="xs" horizontalSpacing="md" aria-label="Respostas das pesquisas">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>Data</Table.Th>
                <Table.Th>Protocolo</Table.Th>
                <Table.Th>Contato</Table.Th>
                <Table.Th>Canal</Table.Th>
                <Table.Th>Operador</Table.Th>
                <Table.Th>Setor</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Pesquisa</Table.Th>
                <Table.Th>Resposta</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.data?.rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={9}>
                    <Text c="dimmed" ta="center" py="md">
                      Nenhum envio no período.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {rows.data?.rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.date}</Table.Td>
                  <Table.Td>{r.protocol}</Table.Td>
                  <Table.Td>{r.contact}</Table.Td>
                  <Table.Td>{r.channel}</Table.Td>
                  <Table.Td>{r.operator ?? '—'}</Table.Td>
                  <Table.Td>{r.sector ?? '—'}</Table.Td>
                  <Table.Td>{r.status ?? '—'}</Table.Td>
                  <Table.Td>{r.poll}</Table.Td>
                  <Table.Td>
                    {r.answer ?? (
                      <Badge variant="light" color={STATE_COLOR[r.state] ?? 'gray'}>
                        {r.state}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {pages > 1 ? (
          <Group justify="center" p="md">
            <Pagination total={pages} value={page} onChange={setPage} />
          </Group>
        ) : null}
      </Card>
    </Stack>
  );
}

function PollSummary({ poll }: { poll: TPollReport[number] }) {
  return (
    <Card component="section" aria-label={`Resultado — ${poll.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={4}>
            {poll.name}
            {poll.deleted ? (
              <Text span size="sm" c="dimmed">
                {' '}
                (excluída)
              </Text>
            ) : null}
          </Title>
          <Group gap={6}>
            <Badge variant="light">{poll.sent} enviadas</Badge>
            <Badge variant="light" color="teal">
              {poll.answered} respondidas
            </Badge>
          </Group>
        </Group>
        {poll.options.map((o) => (
          <Stack key={o.key} gap={2}>
            <Group justify="space-between">
              <Text size="sm">
                <b>{o.key}</b> · {o.value}
              </Text>
              <Text size="sm" c="dimmed">
                {o.count} ({o.percent.toLocaleString('pt-BR')}%)
              </Text>
            </Group>
            <Progress value={o.percent} size="lg" aria-label={`${o.value}: ${o.percent}%`} />
          </Stack>
        ))}
        <Text size="xs" c="dimmed">
          Sem resposta: {poll.expired} expirada(s), {poll.invalid} inválida(s), {poll.pending} aguardando.
        </Text>
      </Stack>
    </Card>
  );
}
