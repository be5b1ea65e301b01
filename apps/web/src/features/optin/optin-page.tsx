import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

// Issue 18: being built.
export function OptinPage() {
  return (
    <Stack>
      <PageHeader title="Opt-in" />
    </Stack>
  );
}
