import { Badge } from '@mantine/core';
import type { TFaPageState } from '@prosa/shared/meta';

const STATE: Record<TFaPageState, { label: string; color: string }> = {
  disconnected: { label: 'Desconectada', color: 'gray' },
  subscribed: { label: 'Inscrita', color: 'teal' },
  unlinked: { label: 'Desvinculada', color: 'orange' },
};

/** Spec 2 §4: a page that lost its authorisation (needs_reauth) shows as not connected, whatever its state. */
export const NEEDS_REAUTH_LABEL = 'Não conectada — entre novamente';

export function PageStateBadge({ state, needsReauth }: { state: TFaPageState; needsReauth: boolean }) {
  const { label, color } = needsReauth ? { label: NEEDS_REAUTH_LABEL, color: 'red' } : STATE[state];
  return (
    <Badge color={color} variant="light" maw="none" style={{ flexShrink: 0, overflow: 'visible' }}>
      {label}
    </Badge>
  );
}
