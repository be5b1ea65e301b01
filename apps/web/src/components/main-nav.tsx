import { NavLink, Stack } from '@mantine/core';
import { menuForRole, menuItemOf } from '@prosa/shared/menu';
import {
  IconActivity,
  IconHistory,
  IconMessageCircle,
  IconMessages,
  IconSettings,
  IconShieldLock,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { NavLink as RouterLink, useLocation } from 'react-router';

const ICONS: Record<string, typeof IconMessages> = {
  chat: IconMessages,
  distribution: IconActivity,
  history: IconHistory,
  webchats: IconMessageCircle,
  users: IconUsers,
  settings: IconSettings,
  security: IconShieldLock,
  account: IconUserCircle,
};

/** The main menu of spec MENU, filtered by the user's role. */
export function MainNav({ role, onNavigate }: { role: number; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const current = menuItemOf(pathname)?.key;
  return (
    <Stack component="nav" aria-label="Menu principal" gap={4}>
      {menuForRole(role).map((item) => {
        const Icon = ICONS[item.key] ?? IconMessages;
        const active = item.key === current;
        return (
          <NavLink
            key={item.key}
            component={RouterLink}
            to={item.path}
            label={item.label}
            active={active}
            aria-current={active ? 'page' : undefined}
            leftSection={<Icon size={20} stroke={1.7} />}
            onClick={onNavigate}
            variant="light"
            fw={500}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        );
      })}
    </Stack>
  );
}
