import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

// Issue 18: being built.
export function MailingFormPage() {
  return (
    <Stack>
      <PageHeader title="Novo Mailing" />
    </Stack>
  );
}
