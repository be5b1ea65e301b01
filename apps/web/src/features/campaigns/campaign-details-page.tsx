import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';

// Issue 18: being built.
export function CampaignDetailsPage() {
  return (
    <Stack>
      <PageHeader title="Detalhes da campanha" />
    </Stack>
  );
}
