import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

// Issue 18: being built.
export function SolicitationBlockPage() {
  return (
    <Stack>
      <PageHeader title="Sugestões de bloqueio" />
    </Stack>
  );
}
