import { Center, Loader, Stack, Text } from '@mantine/core';

export function FullPageLoader({ label = 'Carregando…' }: { label?: string }) {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
