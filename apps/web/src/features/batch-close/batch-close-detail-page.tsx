import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

// Issue 18: being built.
export function BatchCloseDetailPage() {
  return (
    <Stack>
      <PageHeader title="Ação em massa" />
    </Stack>
  );
}
