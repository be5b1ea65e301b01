import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconCalendarMonth } from '@tabler/icons-react';
import { useState } from 'react';
import { useIssueInvoices } from './api';

/** 'YYYY-MM' of the month before today's (the last closed one). */
function lastClosedMonth(): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

/** The owner's "Gerar faturas do mês": a closed month's invoices for every company with a contract. */
export function IssueInvoicesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const last = lastClosedMonth();
  const [month, setMonth] = useState<string>(last);
  const issue = useIssueInvoices();
  return (
    <Modal opened={opened} onClose={onClose} title="Gerar faturas do mês" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Gera as faturas do mês escolhido para todas as empresas com contrato, pelo custo de uso do contrato.
          As faturas já geradas não mudam.
        </Text>
        <MonthPickerInput
          label="Mês de referência"
          locale="pt-br"
          valueFormat="MMMM [de] YYYY"
          leftSection={<IconCalendarMonth size={16} aria-hidden />}
          maxDate={`${last}-01`}
          value={`${month}-01`}
          onChange={(value) => value && setMonth(String(value).slice(0, 7))}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={issue.isPending}>
            Cancelar
          </Button>
          <Button loading={issue.isPending} onClick={() => issue.mutate(month, { onSuccess: onClose })}>
            Gerar faturas
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
