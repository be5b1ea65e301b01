import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

// Issue 18: being built.
export function BatchCloseNewPage() {
  return (
    <Stack>
      <PageHeader title="Nova ação em massa" />
    </Stack>
  );
}
