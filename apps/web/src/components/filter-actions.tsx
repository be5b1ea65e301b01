import { Button, Group } from '@mantine/core';
import { IconEraser, IconSearch } from '@tabler/icons-react';

/** The end of a filter form: "Limpar" and the submit "Pesquisar" (loading while searching). */
export function FilterActions({ searching, onClear }: { searching: boolean; onClear: () => void }) {
  return (
    <Group gap="sm" justify="flex-end" w="100%">
      <Button variant="default" leftSection={<IconEraser size={16} />} onClick={onClear}>
        Limpar
      </Button>
      <Button type="submit" leftSection={<IconSearch size={16} />} loading={searching}>
        Pesquisar
      </Button>
    </Group>
  );
}
