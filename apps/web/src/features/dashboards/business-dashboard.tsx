import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { DASHBOARD_MSG, formatDuration } from '@prosa/shared/reports';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useBusinessDashboard } from './api';
import { DashboardChart } from './dashboard-chart';
import { DashboardFilters, todayFilter } from './dashboard-filters';
import { DashboardSkeleton, StatCard } from './stat-card';

const duration = (s: number | null) => (s === null ? '—' : formatDuration(s));

/** Business management: the period's volume and times, per day, channel, sector and state. */
export function BusinessDashboard() {
  const [filter, setFilter] = useState(todayFilter);
  const q = useBusinessDashboard(filter);
  const d = q.data;
  // Messages are booked per channel, not per sector: with a sector chosen they are not shown.
  const bySector = filter.sectorId !== null;
  return (
    <Stack gap="lg">
      <DashboardFilters value={filter} onChange={setFilter} channel />
      {q.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={DASHBOARD_MSG.loadError}>
          {errorMessage(q.error, DASHBOARD_MSG.loadError)}
        </Alert>
      ) : null}
      {q.isPending ? <DashboardSkeleton /> : null}
      {d ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <StatCard label="Abertos" value={d.cards.opened} testId="business-opened" />
            <StatCard label="Finalizados" value={d.cards.closed} testId="business-closed" />
            <StatCard label="TME" value={duration(d.cards.tme)} />
            <StatCard label="TMA" value={duration(d.cards.tma)} />
            <StatCard label="1ª resposta (média)" value={duration(d.cards.firstResponse)} />
            <StatCard
              label="Fora do SLA"
              value={d.cards.slaBreaches}
              color={d.cards.slaBreaches ? 'red' : undefined}
            />
            <StatCard
              label="Mensagens recebidas"
              value={bySector ? '—' : d.cards.messagesIn}
              testId="business-messages-in"
            />
            <StatCard label="Mensagens enviadas" value={bySector ? '—' : d.cards.messagesOut} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <DashboardChart chart={d.byDay} />
            <DashboardChart chart={d.byChannel} />
            <DashboardChart chart={d.bySector} />
            <DashboardChart chart={d.states} />
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}
