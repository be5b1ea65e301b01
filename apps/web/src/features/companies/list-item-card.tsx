import { ActionIcon, Card, Group, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One entry of a list editor (address, responsible): a titled group with its remove button. */
export function ListItemCard(props: { title: string; onRemove: () => void; children: ReactNode }) {
  return (
    <Card withBorder padding="md" role="group" aria-label={props.title}>
      <Group justify="space-between" mb="sm">
        <Text fw={600} size="sm">
          {props.title}
        </Text>
        <Tooltip label="Remover" withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remover ${props.title}`}
            onClick={props.onRemove}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {props.children}
    </Card>
  );
}
