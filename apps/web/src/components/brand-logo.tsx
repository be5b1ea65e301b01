import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconMessageCircle2Filled } from '@tabler/icons-react';

export function BrandLogo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const large = size === 'lg';
  return (
    <Group gap={large ? 10 : 8} wrap="nowrap" aria-label="Prosa">
      <ThemeIcon size={large ? 40 : 32} radius="md" variant="filled" aria-hidden>
        <IconMessageCircle2Filled size={large ? 24 : 19} />
      </ThemeIcon>
      <Text component="span" fw={750} fz={large ? 28 : 21} lh={1} c="prosa.9" style={{ letterSpacing: -0.5 }}>
        Prosa
      </Text>
    </Group>
  );
}
