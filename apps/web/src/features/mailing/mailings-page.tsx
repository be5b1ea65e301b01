import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

// Issue 18: being built.
export function MailingsPage() {
  return (
    <Stack>
      <PageHeader title="Mailings" />
    </Stack>
  );
}
