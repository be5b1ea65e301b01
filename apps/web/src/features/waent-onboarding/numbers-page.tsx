import { Alert, Badge, Card, EmptyState, Group, Stack, Table, Text } from '@mantine/core';
import { NUMBERS_PAGE_SIZE, WAENT_ONB_MSG } from '@prosa/shared/waent-onboarding-texts';
import { IconAlertCircle, IconPhone } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { PagePagination } from '../../components/page-pagination';
import { SkeletonRows } from '../../components/skeleton-rows';
import { errorMessage } from '../../lib/api';
import { useNumbers } from './api';
import { formatDay, formatPhone } from './format';

const STATE_LABEL: Record<string, { label: string; color: string }> = {
  connected: { label: 'Conectado', color: 'teal' },
  starting: { label: 'Conectando', color: 'yellow' },
  disconnected: { label: 'Desconectado', color: 'red' },
  error: { label: 'Erro', color: 'red' },
};

/** /numbers: the company's WhatsApp numbers with the contract's due date, 300 a page (spec 2 §9). */
export function NumbersPage() {
  const [page, setPage] = useState(1);
  const numbers = useNumbers(page);
  const rows = numbers.data?.data ?? [];
  const total = numbers.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / NUMBERS_PAGE_SIZE));
  return (
    <Stack gap="lg">
      <PageHeader title="Números" description="Números de WhatsApp da empresa e o vencimento do contrato." />
      <Card padding={0}>
        {numbers.isError ? (
          <Alert m="md" color="red" icon={<IconAlertCircle />} title={WAENT_ONB_MSG.numbersLoadError}>
            {errorMessage(numbers.error, 'Tente novamente em instantes.')}
          </Alert>
        ) : (
          <Table.ScrollContainer minWidth={720} type="native">
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Números" highlightOnHover>
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>Número</Table.Th>
                  <Table.Th>Canal</Table.Th>
                  <Table.Th>Tipo</Table.Th>
                  <Table.Th>Vencimento</Table.Th>
                  <Table.Th>Situação</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {numbers.isPending ? <SkeletonRows rows={3} columns={5} /> : null}
                {rows.map((n) => {
                  const state = n.active
                    ? (STATE_LABEL[n.connection_state] ?? { label: 'Ativo', color: 'teal' })
                    : { label: 'Inativo', color: 'gray' };
                  return (
                    <Table.Tr key={n.id}>
                      <Table.Td fw={500}>{formatPhone(n.phone_number)}</Table.Td>
                      <Table.Td>{n.name}</Table.Td>
                      <Table.Td>{n.kind_label}</Table.Td>
                      <Table.Td>{formatDay(n.due_date)}</Table.Td>
                      <Table.Td>
                        <Badge color={state.color} variant="light">
                          {state.label}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {!numbers.isPending && !numbers.isError && rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconPhone size={28} />}
            title="Nenhum número encontrado."
            description="Os números de WhatsApp cadastrados nos canais aparecem aqui."
          />
        ) : null}
      </Card>
      {pages > 1 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {total} números
          </Text>
          <PagePagination total={pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}
