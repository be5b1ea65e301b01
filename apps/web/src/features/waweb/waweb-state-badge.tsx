import { Badge, Group, Text } from '@mantine/core';
import { elapsedLabel } from '@prosa/shared/elapsed';
import { type TWawebState, WAWEB_STATE_LABEL } from '@prosa/shared/waweb-states';
import { useNow } from '../../lib/use-now';

const STATE_COLOR: Record<TWawebState, string> = {
  unknown: 'gray',
  'server-disconnected': 'red',
  'not-running': 'gray',
  'not-found': 'red',
  'window-opening': 'blue',
  UNLAUNCHED: 'blue',
  OPENING: 'blue',
  PAIRING: 'orange',
  UNPAIRED_IDLE: 'orange',
  UNPAIRED: 'yellow',
  TIMEOUT: 'red',
  CONNECTED: 'teal',
};

/** A number's state as a coloured badge with the spec's Portuguese label. */
export function WawebStateBadge({ state }: { state: TWawebState }) {
  return (
    // Never cut: a squeezed column wraps its neighbours, not the state.
    <Badge
      color={STATE_COLOR[state]}
      variant="light"
      maw="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {WAWEB_STATE_LABEL[state]}
    </Badge>
  );
}

/** The badge and, beside it, for how long the number is in that state ("há 5m"). */
export function WawebStateSince({ state, since }: { state: TWawebState; since: string | null }) {
  const now = useNow();
  return (
    <Group gap={6} wrap="nowrap">
      <WawebStateBadge state={state} />
      {since ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          há {elapsedLabel(Date.parse(since), now)}
        </Text>
      ) : null}
    </Group>
  );
}
