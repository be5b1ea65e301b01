import { ActionIcon, Alert, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { CONTRACT_MSG } from '@prosa/shared/contract';
import { IconAlertCircle, IconCalendarMonth, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useContract } from './api';
import { ContractCostTable } from './contract-cost-table';
import { ContractForm } from './contract-form';

/** 'YYYY-MM' shifted by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/** Contract detail with usage cost (spec 2 §2): the contract form and, below, the month's computation. */
export function ContractTab({ companyId }: { companyId: number }) {
  // null: the current month of the company (decided by the server on its clock).
  const [month, setMonth] = useState<string | null>(null);
  const contract = useContract(companyId, month);
  const shown = month ?? contract.data?.cost.month ?? null;

  if (contract.isPending) {
    return (
      <Stack gap="lg">
        <Skeleton h={320} radius="md" />
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  }
  if (contract.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={CONTRACT_MSG.loadError}>
        {errorMessage(contract.error, 'Tente novamente em instantes.')}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3} fz="lg">
              Contrato
            </Title>
            {!contract.data.contract.saved ? (
              <Text size="sm" c="dimmed">
                Nenhum contrato salvo para esta empresa.
              </Text>
            ) : null}
          </Group>
          <ContractForm companyId={companyId} contract={contract.data.contract} />
        </Stack>
      </Card>
      <Card withBorder padding="lg" component="section" aria-label="Custo de uso">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <div>
              <Title order={3} fz="lg">
                Custo de uso
              </Title>
              <Text size="sm" c="dimmed">
                Por usuário, pela faixa da sua posição e pelos dias de uso no mês, mais o valor por número.
              </Text>
            </div>
            {shown ? (
              <Group gap={6} align="flex-end" wrap="nowrap">
                <Tooltip label="Mês anterior" withArrow>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label="Ver mês anterior"
                    onClick={() => setMonth(shiftMonth(shown, -1))}
                  >
                    <IconChevronLeft size={18} />
                  </ActionIcon>
                </Tooltip>
                <MonthPickerInput
                  label="Mês do cálculo"
                  w={190}
                  locale="pt-br"
                  valueFormat="MMMM [de] YYYY"
                  leftSection={<IconCalendarMonth size={16} aria-hidden />}
                  value={`${shown}-01`}
                  onChange={(value) => value && setMonth(String(value).slice(0, 7))}
                />
                <Tooltip label="Próximo mês" withArrow>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label="Ver próximo mês"
                    onClick={() => setMonth(shiftMonth(shown, 1))}
                  >
                    <IconChevronRight size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ) : null}
          </Group>
          <div style={{ opacity: contract.isPlaceholderData ? 0.6 : 1 }}>
            <ContractCostTable cost={contract.data.cost} />
          </div>
        </Stack>
      </Card>
    </Stack>
  );
}
