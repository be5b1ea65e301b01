import { AppShell, Avatar, Burger, Button, Divider, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { roleLabel } from '@prosa/shared/roles';
import { IconLogout } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { ManagerSurveyModal } from '../features/account/manager-survey-modal';
import { authApi } from '../features/auth/api';
import { useCurrentUser } from '../features/auth/session-context';
import { useEndSession } from '../features/auth/use-end-session';
import { useCompanyBrand } from '../features/companies/brand-api';
import { OperatorStatusSwitch } from '../features/distribution/operator-status-switch';
import { NotificationsBell } from '../features/notifications/notifications-bell';
import { OnboardingLauncher } from '../features/onboarding/onboarding-launcher';
import { PauseButton } from '../features/pause/pause-button';
import { ReleaseNotes } from '../features/releases/release-notes';
import { ReleaseNotesButton } from '../features/releases/release-notes-button';
import { PendingSurveyModal } from '../features/surveys/pending-survey-modal';
import { CompanyBrand } from './company-brand';
import { HEADER_HEIGHT } from './layout-sizes';
import { MainNav } from './main-nav';

function initials(name: string) {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : ''}`.toUpperCase();
}

export function AppLayout() {
  const user = useCurrentUser();
  const endSession = useEndSession();
  const brand = useCompanyBrand();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Whatever the server answers, the user asked to leave: the local session ends.
  const logout = useMutation({ mutationFn: authApi.logout, onSettled: endSession });

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Abrir menu" />
            <CompanyBrand brand={brand.data} />
            <Divider orientation="vertical" visibleFrom="sm" />
            <Text fw={500} c="dimmed" visibleFrom="sm" truncate data-testid="company-name">
              {user.companyName}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" aria-label="Status de atendimento" role="group">
              <OperatorStatusSwitch />
              <PauseButton />
            </Group>
            <OnboardingLauncher />
            <ReleaseNotesButton />
            <NotificationsBell />
            <Divider orientation="vertical" visibleFrom="sm" />
            <Group gap="xs" wrap="nowrap" visibleFrom="xs">
              <Avatar color="prosa" radius="xl" size={36} src={user.avatarUrl} alt="">
                {initials(user.displayName || user.name)}
              </Avatar>
              <Stack gap={0}>
                <Text size="sm" fw={600} lh={1.2} data-testid="user-display-name">
                  {user.displayName}
                </Text>
                <Text size="xs" c="dimmed" lh={1.2}>
                  {roleLabel(user.role)}
                </Text>
              </Stack>
            </Group>
            <Button
              variant="default"
              leftSection={<IconLogout size={18} />}
              onClick={() => logout.mutate()}
              loading={logout.isPending}
            >
              Sair
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        {/* The menu scrolls on its own when it is taller than the window: every entry stays reachable. */}
        <AppShell.Section grow component={ScrollArea} type="auto" scrollbarSize={6}>
          <MainNav
            role={user.role}
            permissions={user.permissions}
            billingAccess={user.billingAccess === true}
            crmView={user.crm?.view === true}
            onNavigate={close}
          />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        <Outlet />
        <ManagerSurveyModal />
        <PendingSurveyModal />
        <ReleaseNotes />
      </AppShell.Main>
    </AppShell>
  );
}
