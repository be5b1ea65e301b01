import { Anchor, Breadcrumbs, EmptyState, Stack } from '@mantine/core';
import { DASHBOARDS } from '@prosa/shared/reports';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { RealtimeBadge } from '../../components/realtime-badge';
import { BusinessDashboard } from './business-dashboard';
import { CommunicationDashboard } from './communication-dashboard';
import { SHOWN_DASHBOARDS } from './dashboards-index-page';
import { MonitoringDashboard } from './monitoring-dashboard';
import { OperationalDashboard } from './operational-dashboard';
import { TeamDashboard } from './team-dashboard';

const BODY = {
  business: BusinessDashboard,
  monitoring: MonitoringDashboard,
  operational: OperationalDashboard,
  team: TeamDashboard,
  communication: CommunicationDashboard,
} as const;

/** One dashboard (/dashboards/:key); every one follows `update-dashboard` without reloading. */
export function DashboardPage() {
  const { key } = useParams();
  const shown = SHOWN_DASHBOARDS.find((d) => d.key === key);
  if (!shown || !(shown.key in BODY))
    return (
      <EmptyState
        py="xl"
        icon={<IconLayoutDashboard size={28} />}
        title="Painel não encontrado."
        description={
          <Anchor component={Link} to="/dashboards">
            Voltar aos painéis
          </Anchor>
        }
      />
    );
  const Body = BODY[shown.key as keyof typeof BODY];
  const def = DASHBOARDS[shown.key];
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/dashboards">
          Painéis
        </Anchor>
        <span>{def.title}</span>
      </Breadcrumbs>
      <PageHeader title={def.title} description={def.description} actions={<RealtimeBadge />} />
      <Body />
    </Stack>
  );
}
