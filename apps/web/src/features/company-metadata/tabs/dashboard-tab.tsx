import { IconLayoutDashboard } from '@tabler/icons-react';
import { MetadataTabCard, MetaSwitch, tabIcon } from '../metadata-tab-card';
import { useMetadataForm } from '../use-company-metadata';

const FIELDS = ['allow.dashboard'] as const;

/** Settings tab 2: the dashboards, a company module on unless turned off (issue 24). */
export function DashboardSettingsTab() {
  const form = useMetadataForm(FIELDS);
  return (
    <MetadataTabCard
      id="dashboard-settings-title"
      title="Dashboards"
      icon={tabIcon(IconLayoutDashboard)}
      description="Painéis de negócio, operacional, de equipe e de comunicação, com a meta da equipe definida no próprio painel de equipe."
      form={form}
    >
      <MetaSwitch
        form={form}
        path="allow.dashboard"
        label="Ativar os dashboards"
        description="Desligado, o menu Painéis some para todos e os painéis deixam de responder."
      />
    </MetadataTabCard>
  );
}
