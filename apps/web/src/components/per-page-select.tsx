import { Group, Select, Text } from '@mantine/core';

type Props = {
  /** The id that ties the "Por página" label to the select. */
  id: string;
  sizes: readonly number[];
  value: number;
  onChange: (count: number) => void;
};

/** "Por página" with the page sizes a list offers. */
export function PerPageSelect({ id, sizes, value, onChange }: Props) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed" component="label" htmlFor={id}>
        Por página
      </Text>
      <Select
        id={id}
        data={sizes.map((n) => ({ value: String(n), label: String(n) }))}
        value={String(value)}
        onChange={(v) => {
          if (v) onChange(Number(v));
        }}
        allowDeselect={false}
        w={84}
      />
    </Group>
  );
}
