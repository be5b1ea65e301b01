import { SimpleGrid, Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { ChangePasswordCard } from './change-password-card';
import { DisplayCard } from './display-card';
import { GoogleCalendarCard } from './google-calendar-card';
import { NotificationsCard } from './notifications-card';
import { ProfileCard } from './profile-card';
import { RealtimeTokenCard } from './realtime-token-card';
import { TotpCard } from './totp-card';

/** "Minha conta" (spec 1 §2 Account): profile, password, authenticator app and realtime token. */
export function AccountPage() {
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title="Minha conta"
        description="Seus dados, sua foto, a exibição dos atendimentos e a segurança da sua conta."
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="lg">
          <ProfileCard />
          <DisplayCard />
          <NotificationsCard />
          <RealtimeTokenCard />
        </Stack>
        <Stack gap="lg">
          <ChangePasswordCard />
          <TotpCard />
          <GoogleCalendarCard />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
