import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../auth/session-context';
import { StatusesPanel } from './statuses-panel';

/** /statuses: the statuses of the user's own company (manager and above, status_de_atendimento). */
export function StatusesPage() {
  const me = useCurrentUser();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Status"
        description="Status de classificação e de finalização usados nos atendimentos."
      />
      <StatusesPanel companyId={me.companyId} />
    </Stack>
  );
}
