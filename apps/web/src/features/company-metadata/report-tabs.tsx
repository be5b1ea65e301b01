import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { REPORT_PERIOD_KEYS, type TReportPeriodKey } from '@prosa/shared/company-metadata';
import { IconChartBar, IconHistory, IconReportAnalytics } from '@tabler/icons-react';
import { MetadataTabCard, MetaSwitch, tabIcon } from './metadata-tab-card';
import { type TMetadataForm, useMetadataForm } from './use-company-metadata';
import { MetaNumber } from './value-tabs';

const PERIOD_LABEL: Record<TReportPeriodKey, string> = {
  history: 'Histórico',
  triggers: 'Gatilhos',
  analytic: 'Analítico',
  produtivity: 'Produtividade',
  poll: 'Pesquisas',
  actives: 'Ativos',
};

function EmailsInput({
  form,
  label,
  description,
}: {
  form: TMetadataForm;
  label: string;
  description: string;
}) {
  const value = form.values['reports.emails'];
  return (
    <TextInput
      label={label}
      description={description}
      placeholder="gestor@empresa.com.br, relatorios@empresa.com.br"
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => form.setValue('reports.emails', e.currentTarget.value)}
      error={form.errors['reports.emails']}
    />
  );
}

const REPORTS = [
  'allow.background_reports',
  ...REPORT_PERIOD_KEYS.map((k) => `reports.${k}.period`),
  'reports.emails',
] as const;

/** Reports (settings tab 7): background reports need a period and valid e-mails (spec 3 §5). */
export function ReportsTab() {
  const form = useMetadataForm(REPORTS);
  return (
    <MetadataTabCard
      id="reports-title"
      title="Relatórios"
      icon={tabIcon(IconChartBar)}
      description="Relatórios de períodos longos são gerados em segundo plano e o link do arquivo é enviado por e-mail."
      form={form}
    >
      <MetaSwitch
        form={form}
        path="allow.background_reports"
        label="Gerar relatórios em segundo plano"
        description="Com esta opção, um relatório pedido na tela para mais dias que o período abaixo é gerado em segundo plano (em Relatórios em segundo plano) e quem pediu recebe o link por e-mail."
      />
      <Text size="sm" c="dimmed">
        Períodos em dias. Além disso, uma vez por dia, cada relatório com período preenchido é gerado com os
        últimos dias desse período (até ontem, limitado ao máximo do relatório) e enviado aos e-mails abaixo.
        Histórico e Analítico enviam o relatório Analítico; Gatilhos, um por canal de WhatsApp.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {REPORT_PERIOD_KEYS.map((k) => (
          <PeriodInput key={k} form={form} reportKey={k} />
        ))}
      </SimpleGrid>
      <EmailsInput
        form={form}
        label="E-mails que recebem os relatórios"
        description="Separe os e-mails por vírgula. Sem e-mails, nenhum relatório periódico é enviado."
      />
    </MetadataTabCard>
  );
}

function PeriodInput({ form, reportKey }: { form: TMetadataForm; reportKey: TReportPeriodKey }) {
  return (
    <MetaNumber
      form={form}
      path={`reports.${reportKey}.period`}
      label={PERIOD_LABEL[reportKey]}
      suffix=" dias"
      empty={null}
      fullWidth
    />
  );
}

const BI = ['allow.report-bi', 'reports.complete.reportID'] as const;

/** BI report (settings tab 8): allowing it needs the report-id (spec 3 §5). */
export function ReportBiTab() {
  const form = useMetadataForm(BI);
  const value = form.values['reports.complete.reportID'];
  return (
    <MetadataTabCard
      id="report-bi-title"
      title="Relatório BI"
      icon={tabIcon(IconReportAnalytics)}
      description="O relatório completo da empresa, aberto pelos gestores na página de relatórios."
      form={form}
    >
      <MetaSwitch form={form} path="allow.report-bi" label="Permitir o relatório BI" />
      <TextInput
        label="Report-ID"
        description="O número do relatório BI (menu Relatórios BI) mostrado como relatório completo."
        w={{ base: '100%', sm: 360 }}
        maxLength={200}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => form.setValue('reports.complete.reportID', e.currentTarget.value)}
        error={form.errors['reports.complete.reportID']}
      />
    </MetadataTabCard>
  );
}

const HISTORY = ['reports.emails'] as const;

/** History (settings tab 20): the e-mails that receive the history reports (spec 2 §6). */
export function HistoryTab() {
  const form = useMetadataForm(HISTORY);
  return (
    <MetadataTabCard
      id="history-settings-title"
      title="Histórico"
      icon={tabIcon(IconHistory)}
      description="Exportações do histórico enviadas por e-mail."
      form={form}
    >
      <EmailsInput
        form={form}
        label="E-mails que recebem os relatórios do histórico"
        description="Separe os e-mails por vírgula. São os mesmos da aba Relatórios."
      />
    </MetadataTabCard>
  );
}
