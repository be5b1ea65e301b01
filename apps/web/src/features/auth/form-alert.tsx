import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';

const ICON = { red: IconAlertCircle, teal: IconCircleCheck, blue: IconInfoCircle, yellow: IconInfoCircle };

/** A message inside an auth card (wrong credentials, code sent, link sent). */
export function FormAlert({ color, children }: { color: keyof typeof ICON; children: string | null }) {
  if (!children) return null;
  const Icon = ICON[color];
  return (
    <Alert
      color={color}
      variant="light"
      icon={<Icon size={20} />}
      role={color === 'red' ? 'alert' : 'status'}
    >
      {children}
    </Alert>
  );
}
