import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

// Issue 18: being built.
export function BatchClosePage() {
  return (
    <Stack>
      <PageHeader title="Ações em massa" />
    </Stack>
  );
}
