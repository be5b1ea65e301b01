import { Text, TextInput } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { MetadataTabCard, MetaSwitch, tabIcon } from '../metadata-tab-card';
import { useMetadataForm } from '../use-company-metadata';
import { MetaNumber } from '../value-tabs';

const FIELDS = ['allow.background_reports', 'reports.history.period', 'reports.emails'] as const;

/**
 * Settings tab 20 (spec 2 §2, §6): the history reports e-mailed every day — the period of the history and the
 * e-mails that receive it (the same e-mails as the Relatórios tab), sent as background reports.
 */
export function HistorySettingsTab() {
  const form = useMetadataForm(FIELDS);
  const emails = form.values['reports.emails'];
  return (
    <MetadataTabCard
      id="history-settings-title"
      title="Histórico"
      icon={tabIcon(IconHistory)}
      description="Relatório diário do histórico de atendimentos enviado por e-mail."
      form={form}
    >
      <MetaSwitch
        form={form}
        path="allow.background_reports"
        label="Gerar relatórios em segundo plano"
        description="Necessário para o envio diário. É a mesma opção da aba Relatórios."
      />
      <MetaNumber
        form={form}
        path="reports.history.period"
        label="Período do histórico"
        description="Uma vez por dia, os atendimentos dos últimos dias deste período (até ontem) são enviados no relatório Analítico. Vazio, o histórico não é enviado."
        suffix=" dias"
        empty={null}
      />
      <TextInput
        label="E-mails que recebem os relatórios do histórico"
        description="Separe os e-mails por vírgula. São os mesmos da aba Relatórios."
        placeholder="gestor@empresa.com.br, relatorios@empresa.com.br"
        value={typeof emails === 'string' ? emails : ''}
        onChange={(e) => form.setValue('reports.emails', e.currentTarget.value)}
        error={form.errors['reports.emails']}
      />
      <Text size="xs" c="dimmed">
        Sem e-mails, nenhum relatório periódico é enviado.
      </Text>
    </MetadataTabCard>
  );
}
