import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader(props: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap={4}>
        <Title order={2}>{props.title}</Title>
        {props.description ? (
          <Text c="dimmed" size="sm">
            {props.description}
          </Text>
        ) : null}
      </Stack>
      {props.actions ? <Group gap="sm">{props.actions}</Group> : null}
    </Group>
  );
}
