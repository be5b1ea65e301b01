import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

// Issue 18: being built.
export function CampaignsPage() {
  return (
    <Stack>
      <PageHeader title="Campanhas" />
    </Stack>
  );
}
