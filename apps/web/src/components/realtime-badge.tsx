import { Badge, Button, Group } from '@mantine/core';
import { useRealtime } from '../lib/realtime-provider';

const LABEL = {
  connected: { text: 'Conectado', color: 'teal' },
  connecting: { text: 'Conectando…', color: 'gray' },
  reconnecting: { text: 'Reconectando…', color: 'yellow' },
  offline: { text: 'Desconectado', color: 'red' },
} as const;

/** State of the realtime connection; when it gave up, a button tries again. */
export function RealtimeBadge() {
  const { status, retry } = useRealtime();
  const label = LABEL[status];
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge
        color={label.color}
        variant="light"
        size="lg"
        radius="sm"
        leftSection={<Dot color={label.color} />}
        aria-live="polite"
        title="Conexão em tempo real"
      >
        {label.text}
      </Badge>
      {status === 'offline' ? (
        <Button size="compact-sm" variant="subtle" onClick={retry}>
          Tentar novamente
        </Button>
      ) : null}
    </Group>
  );
}

function Dot({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: '50%',
        background: `var(--mantine-color-${color}-6)`,
      }}
    />
  );
}
