import { Alert, Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { BILLING_MSG, INVOICE_STATUS_LABEL, monthLabel } from '@prosa/shared/billing-texts';
import { IconAlertCircle, IconCalendarMonth, IconFilePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { formatBRL } from '../contracts/money';
import { useInvoices } from './api';
import { InvoiceActions } from './invoice-actions';
import { IssueInvoicesModal } from './issue-invoices-modal';

const STATUS_COLOR = { open: 'blue', paid: 'teal', canceled: 'gray' } as const;

/** 'YYYY-MM-DD' (picker) → 'MM/YYYY' (the API's filter). */
const toFilter = (value: string | null) => (value ? `${value.slice(5, 7)}/${value.slice(0, 4)}` : null);

/** Faturas (spec 3 §2 billing): the company's invoices, 10 a page, filtered by billing month. */
export function BillingPage() {
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [issuing, setIssuing] = useState(false);
  // Spec 3 §5: an end month needs a start month; the list keeps its last answer meanwhile.
  const startMissing = end !== null && start === null;
  const list = useInvoices({ startDate: toFilter(start), endDate: toFilter(end), page }, !startMissing);
  const rows = list.data?.result ?? [];
  const total = list.data?.total ?? 0;
  const perPage = list.data?.per_page ?? 10;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const owner = list.data?.owner === true;
  const columns = owner ? 6 : 5;

  const picker = (
    label: string,
    value: string | null,
    onChange: (v: string | null) => void,
    error?: string,
  ) => (
    <MonthPickerInput
      label={label}
      placeholder="MM/AAAA"
      w={200}
      locale="pt-br"
      valueFormat="MM/YYYY"
      clearable
      leftSection={<IconCalendarMonth size={16} aria-hidden />}
      value={value}
      error={error}
      onChange={(v) => {
        onChange(v ? String(v).slice(0, 10) : null);
        setPage(1);
      }}
    />
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Faturas"
        description="Faturas mensais calculadas pelo contrato e pelo uso da empresa, com nota fiscal e boleto."
      />
      <Group justify="space-between" align="flex-start">
        <Group align="flex-start" gap="md">
          {picker('Data Início', start, setStart, startMissing ? BILLING_MSG.startRequired : undefined)}
          {picker('Data Fim', end, setEnd)}
        </Group>
        {owner ? (
          <Button leftSection={<IconFilePlus size={16} />} mt={24} onClick={() => setIssuing(true)}>
            Gerar faturas
          </Button>
        ) : null}
      </Group>
      {list.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={BILLING_MSG.loadError}>
          {errorMessage(list.error, 'Tente novamente em instantes.')}
        </Alert>
      ) : (
        <Card padding={0}>
          <Table.ScrollContainer minWidth={owner ? 1080 : 860} type="native">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Faturas">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  {owner ? <Table.Th>Empresa</Table.Th> : null}
                  <Table.Th style={{ whiteSpace: 'nowrap' }}>Mês de referência</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                  <Table.Th>Vencimento</Table.Th>
                  <Table.Th miw={110}>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending && !startMissing ? <SkeletonRows rows={3} columns={columns} /> : null}
                {!list.isPending && rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={columns}>
                      <Text c="dimmed" ta="center" py="lg">
                        {BILLING_MSG.empty}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {rows.map((invoice) => (
                  <Table.Tr key={invoice.id} aria-label={`Fatura ${monthLabel(invoice.month)}`}>
                    {owner ? (
                      <Table.Td>
                        <Text size="sm">{invoice.company_name}</Text>
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {monthLabel(invoice.month)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{formatBRL(invoice.amount_cents / 100)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{invoice.due_date ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[invoice.status]} variant="light">
                        {INVOICE_STATUS_LABEL[invoice.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <InvoiceActions invoice={invoice} owner={owner} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? (
            <Group justify="center" py="sm">
              <PagePagination total={pages} value={page} onChange={setPage} />
            </Group>
          ) : null}
        </Card>
      )}
      {owner ? <IssueInvoicesModal opened={issuing} onClose={() => setIssuing(false)} /> : null}
    </Stack>
  );
}
