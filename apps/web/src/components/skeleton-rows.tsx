import { Skeleton, Table } from '@mantine/core';

/** Placeholder rows while a table loads: `rows` rows of `columns` grey bars, hidden from screen readers. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
    <Table.Tr key={i} aria-hidden>
      {Array.from({ length: columns }, (_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
        <Table.Td key={j}>
          <Skeleton h={14} w="60%" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
