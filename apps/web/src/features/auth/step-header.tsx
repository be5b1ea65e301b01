import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function StepHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={2} fz={22}>
        {title}
      </Title>
      {children ? (
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
