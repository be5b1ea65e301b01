import { Alert, Skeleton, Stack } from '@mantine/core';
import { MSG } from '@prosa/shared/messages';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';

/** Placeholder cards while a settings tab loads. */
export function TabSkeleton({ heights }: { heights: number[] }) {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Carregando configurações">
      {heights.map((h, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} h={h} radius="md" />
      ))}
    </Stack>
  );
}

/** A tab whose settings could not be read: the server's message, else the spec's text. */
export function TabError({ error, title }: { error: unknown; title: string }) {
  return (
    <Alert color="red" icon={<IconAlertCircle />} title={title}>
      {errorMessage(error, MSG.genericError)}
    </Alert>
  );
}
