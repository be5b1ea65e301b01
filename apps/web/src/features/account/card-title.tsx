import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function CardTitle({ icon, id, children }: { icon: ReactNode; id: string; children: string }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {icon}
      <Title order={3} fz="lg" id={id}>
        {children}
      </Title>
    </Group>
  );
}
