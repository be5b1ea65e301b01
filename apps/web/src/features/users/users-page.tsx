import { Stack, Tabs } from '@mantine/core';
import { can } from '@prosa/shared/permissions';
import { IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../auth/session-context';
import { ProfilesPanel } from '../profiles/profiles-panel';
import { UsersPanel } from './users-panel';

/** Users and profiles of the user's own company; ?tab=profiles opens the profiles. */
export function UsersPage() {
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const showProfiles = can(me.permissions, 'perfis', 'read');
  const tab = showProfiles && params.get('tab') === 'profiles' ? 'profiles' : 'users';
  return (
    <Stack gap="lg">
      <PageHeader title="Usuários" description={`Pessoas com acesso ao Prosa na ${me.companyName}.`} />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'profiles' ? { tab: 'profiles' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label="Usuários e perfis" mb="lg">
          <Tabs.Tab value="users" fw={500} leftSection={<IconUsers size={16} aria-hidden />}>
            Usuários
          </Tabs.Tab>
          {showProfiles ? (
            <Tabs.Tab value="profiles" fw={500} leftSection={<IconUsersGroup size={16} aria-hidden />}>
              Perfis
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersPanel companyId={me.companyId} />
        </Tabs.Panel>
        {showProfiles ? (
          <Tabs.Panel value="profiles">
            <ProfilesPanel companyId={me.companyId} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
