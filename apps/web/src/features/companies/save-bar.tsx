import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The bottom row of a tab form: optional actions on the left, Salvar on the right. */
export function SaveBar(props: { saving: boolean; children?: ReactNode; label?: string }) {
  return (
    <Group justify="space-between" mt="md">
      <Group gap="sm">{props.children}</Group>
      <Button type="submit" loading={props.saving} leftSection={<IconDeviceFloppy size={16} />}>
        {props.label ?? 'Salvar'}
      </Button>
    </Group>
  );
}
