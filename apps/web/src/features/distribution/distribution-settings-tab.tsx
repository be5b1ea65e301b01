import { Stack } from '@mantine/core';
import { DIST_MSG } from '@prosa/shared/distribution';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/session-context';
import { TabError, TabSkeleton } from '../company-metadata/tab-state';
import { useAttendanceRules, useAutoDist, useClientWaitingResponse } from './api';
import { AutoDistCard } from './auto-dist-card';
import { ClientWaitingCard } from './client-waiting-card';

/** Settings tab "Nova distribuição" (spec 2 §2 tab 10). */
export function DistributionSettingsTab() {
  const user = useCurrentUser();
  const config = useAutoDist();
  const sla = useClientWaitingResponse();
  // "Clients that do not answer" needs the busy-client time of the attendance rules.
  const rules = useAttendanceRules();
  const navigate = useNavigate();
  // The new distribution turned off for the company (feature flag dist_v2): spec 1 §8 'Não foi possível acessar
  // este recurso.' and back to the chat.
  const refused = config.error instanceof ApiError && config.error.status === 403;
  useEffect(() => {
    if (!refused) return;
    toast.warning(config.error?.message, { permission: true });
    navigate('/chat', { replace: true });
  }, [refused, config.error, navigate]);
  if (refused) return null;
  if (config.isError) return <TabError error={config.error} title={DIST_MSG.loadError} />;
  if (sla.isError) return <TabError error={sla.error} title={DIST_MSG.loadError} />;
  if (rules.isError) return <TabError error={rules.error} title={DIST_MSG.loadError} />;
  if (!config.data || !sla.data || !rules.data) return <TabSkeleton heights={[380, 360]} />;
  return (
    <Stack gap="lg">
      <AutoDistCard
        config={config.data}
        tz={user.timezone}
        busySeconds={rules.data.time_waiting_client_to_busy_client}
      />
      <ClientWaitingCard sla={sla.data} />
    </Stack>
  );
}
