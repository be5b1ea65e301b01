import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../auth/session-context';
import { SectorsPanel } from './sectors-panel';

/** /sectors: the sectors of the user's own company (manager and above, setores_de_atendimento). */
export function SectorsPage() {
  const me = useCurrentUser();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Setores"
        description="Equipes e filas de atendimento da empresa: cada atendimento pertence a um setor."
      />
      <SectorsPanel companyId={me.companyId} />
    </Stack>
  );
}
