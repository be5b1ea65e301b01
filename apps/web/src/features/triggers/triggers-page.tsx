// PLACEHOLDER (issue 17): replaced by the helper that builds this screen.
import { Title } from '@mantine/core';

export function TriggersPage() {
  return <Title order={2}>Gatilhos</Title>;
}
