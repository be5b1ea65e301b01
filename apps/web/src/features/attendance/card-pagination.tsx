import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { pageWindow } from '@prosa/shared/pagination';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/** Page buttons of spec 1 §2: the first 3, the last 3 and 2 around the current page, with "…" between. */
export function CardPagination(props: { page: number; total: number; onChange: (page: number) => void }) {
  const { page, total, onChange } = props;
  if (total <= 1) return null;
  const items = pageWindow(page, total);
  return (
    <Group component="nav" aria-label="Páginas de atendimentos" justify="center" gap={4} wrap="wrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Página anterior"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      {items.map((item, i) =>
        item === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity besides its place
          <Text key={`gap-${i}`} c="dimmed" px={4} aria-hidden>
            …
          </Text>
        ) : (
          <Button
            key={item}
            size="compact-md"
            h={34}
            miw={34}
            px={8}
            variant={item === page ? 'filled' : 'default'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Página ${item}`}
            onClick={() => onChange(item)}
          >
            {item}
          </Button>
        ),
      )}
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Próxima página"
        disabled={page >= total}
        onClick={() => onChange(page + 1)}
      >
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}
