import { Anchor, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { HISTORY_OPTIONAL_COLUMNS, type THistoryColumn } from '@prosa/shared/history';
import { IconColumns3 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { OPTIONAL_COLUMN_KEYS, toggleColumn } from './history-columns';

type Props = {
  visible: readonly THistoryColumn[];
  saving: boolean;
  onChange: (columns: THistoryColumn[]) => void;
};

/** "Colunas": shows or hides the optional columns; the choice is saved per user on the server. */
export function ColumnChooser({ visible, saving, onChange }: Props) {
  // The box follows the click at once; the saved settings catch up (and win) when they change.
  const [shown, setShown] = useState<THistoryColumn[]>([...visible]);
  const visibleKey = visible.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by content, not by array identity
  useEffect(() => setShown([...visible]), [visibleKey]);
  const change = (next: THistoryColumn[]) => {
    setShown(next);
    onChange(next);
  };
  const allVisible = shown.length === OPTIONAL_COLUMN_KEYS.length;
  return (
    <Popover position="bottom-end" shadow="md" width={260} withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns3 size={16} />} loading={saving}>
          Colunas
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label="Colunas visíveis">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              Colunas visíveis
            </Text>
            <Anchor
              component="button"
              type="button"
              size="xs"
              disabled={allVisible}
              c={allVisible ? 'dimmed' : undefined}
              onClick={() => change([...OPTIONAL_COLUMN_KEYS])}
            >
              Mostrar todas
            </Anchor>
          </Group>
          {HISTORY_OPTIONAL_COLUMNS.map((column) => (
            <Checkbox
              key={column.key}
              label={column.label}
              checked={shown.includes(column.key)}
              onChange={(e) => change(toggleColumn(shown, column.key, e.currentTarget.checked))}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
