import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

// Issue 18: being built.
export function BlackListPage() {
  return (
    <Stack>
      <PageHeader title="Lista de bloqueio" />
    </Stack>
  );
}
