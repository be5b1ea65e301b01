import { Stack } from '@mantine/core';
import { DIST_MSG } from '@prosa/shared/distribution';
import { useCurrentUser } from '../auth/session-context';
import { TabError, TabSkeleton } from '../settings-tabs/tab-state';
import { useAutoDist, useClientWaitingResponse } from './api';
import { AutoDistCard } from './auto-dist-card';
import { ClientWaitingCard } from './client-waiting-card';

/** Settings tab "Nova distribuição" (spec 2 §2 tab 10). */
export function DistributionSettingsTab() {
  const user = useCurrentUser();
  const config = useAutoDist();
  const sla = useClientWaitingResponse();
  if (config.isError) return <TabError error={config.error} title={DIST_MSG.loadError} />;
  if (sla.isError) return <TabError error={sla.error} title={DIST_MSG.loadError} />;
  if (!config.data || !sla.data) return <TabSkeleton heights={[380, 360]} />;
  return (
    <Stack gap="lg">
      <AutoDistCard config={config.data} tz={user.timezone} />
      <ClientWaitingCard sla={sla.data} />
    </Stack>
  );
}
