import { Alert, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { COMPANY_MSG, type TCompanyDetail } from '@prosa/shared/company-admin';
import { ROLE } from '@prosa/shared/roles';
import {
  IconAddressBook,
  IconAlertCircle,
  IconArrowForwardUp,
  IconArrowLeft,
  IconBuilding,
  IconClock,
  IconFileDollar,
  IconLayoutGrid,
  IconListDetails,
  IconMapPin,
  IconPalette,
  IconRobot,
  IconSignature,
  IconTags,
  IconToggleRight,
  IconUserShield,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/session-context';
import { ContractTab } from '../contracts/contract-tab';
import { ProfilesPanel } from '../profiles/profiles-panel';
import { SectorsPanel } from '../sectors/sectors-panel';
import { SignaturesPanel } from '../signatures/signatures-panel';
import { StatusesPanel } from '../statuses/statuses-panel';
import { UsersPanel } from '../users/users-panel';
import { AddressesTab } from './addresses-tab';
import { useCompany } from './api';
import { AutomaticAttendanceTab } from './automatic-attendance-tab';
import { CompanyDataTab } from './company-data-tab';
import { CompanyIpTab } from './company-ip-tab';
import { CompanyStatusBadge } from './company-status-badge';
import {
  COMPANY_TAB_LABEL,
  COMPANY_TABS,
  companyTabOf,
  LORD_ONLY_TABS,
  type TCompanyTab,
} from './company-tabs';
import { FeatureFlagsTab } from './feature-flags-tab';
import { LoginRedirectTab } from './login-redirect-tab';
import { MetadataTab } from './metadata-tab';
import { ResponsiblesTab } from './responsibles-tab';
import { TimezoneTab } from './timezone-tab';
import { WhiteLabelTab } from './white-label-tab';

const ICON: Record<TCompanyTab, typeof IconBuilding> = {
  data: IconBuilding,
  addresses: IconMapPin,
  responsibles: IconAddressBook,
  users: IconUsers,
  profiles: IconUserShield,
  sectors: IconLayoutGrid,
  statuses: IconTags,
  signatures: IconSignature,
  ips: IconWorld,
  'white-label': IconPalette,
  timezone: IconClock,
  metadata: IconListDetails,
  contract: IconFileDollar,
  'login-redirect': IconArrowForwardUp,
  'automatic-attendance': IconRobot,
  'feature-flags': IconToggleRight,
};

/** Company edit (spec 2 §2): tabs kept in the `redirect` query parameter. */
export function CompanyEditPage() {
  const params = useParams();
  const companyId = Number(params.id);
  const valid = Number.isInteger(companyId) && companyId > 0;
  const company = useCompany(valid ? companyId : 0);
  const [search, setSearch] = useSearchParams();
  const me = useCurrentUser();
  const lord = me.role >= ROLE.lord;
  const tabs = COMPANY_TABS.filter((t) => lord || !LORD_ONLY_TABS.includes(t));
  const asked = companyTabOf(search.get('redirect'));
  const tab = tabs.includes(asked) ? asked : 'data';

  const back = (
    <Button component={Link} to="/companies" variant="default" leftSection={<IconArrowLeft size={16} />}>
      Empresas
    </Button>
  );

  if (!valid || company.isError) {
    return (
      <Stack gap="lg">
        <PageHeader title="Empresa" actions={back} />
        <Alert color="red" icon={<IconAlertCircle />} title={COMPANY_MSG.loadError}>
          {errorMessage(company.error, 'Empresa não encontrada.')}
        </Alert>
      </Stack>
    );
  }
  if (company.isPending) {
    return (
      <Stack gap="lg">
        <Skeleton h={44} w={320} />
        <Skeleton h={420} radius="md" />
      </Stack>
    );
  }
  const c = company.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Title order={2}>{c.name}</Title>
          <CompanySummary company={c} />
        </Stack>
        {back}
      </Group>
      <Tabs
        value={tab}
        orientation="vertical"
        keepMounted={false}
        styles={{ tabLabel: { textAlign: 'left' } }}
        onChange={(value) =>
          setSearch(value && value !== 'data' ? { redirect: value } : {}, { replace: true })
        }
      >
        <Tabs.List aria-label="Abas da empresa" miw={200}>
          {tabs.map((t) => {
            const Icon = ICON[t];
            return (
              <Tabs.Tab key={t} value={t} fw={500} leftSection={<Icon size={16} aria-hidden />}>
                {COMPANY_TAB_LABEL[t]}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Panel value="data">
          <CompanyDataTab company={c} />
        </Panel>
        <Panel value="addresses">
          <AddressesTab company={c} />
        </Panel>
        <Panel value="responsibles">
          <ResponsiblesTab company={c} />
        </Panel>
        <Panel value="users">
          <UsersPanel companyId={c.id} />
        </Panel>
        <Panel value="profiles">
          <ProfilesPanel companyId={c.id} />
        </Panel>
        <Panel value="sectors">
          <SectorsPanel companyId={c.id} />
        </Panel>
        <Panel value="statuses">
          <StatusesPanel companyId={c.id} />
        </Panel>
        <Panel value="signatures">
          <SignaturesPanel companyId={c.id} />
        </Panel>
        <Panel value="ips">
          <CompanyIpTab companyId={c.id} />
        </Panel>
        <Panel value="white-label">
          <WhiteLabelTab company={c} />
        </Panel>
        <Panel value="timezone">
          <TimezoneTab company={c} />
        </Panel>
        <Panel value="metadata">
          <MetadataTab company={c} />
        </Panel>
        <Panel value="contract">
          <ContractTab companyId={c.id} />
        </Panel>
        <Panel value="login-redirect">
          <LoginRedirectTab companyId={c.id} />
        </Panel>
        <Panel value="automatic-attendance">
          <AutomaticAttendanceTab companyId={c.id} />
        </Panel>
        {lord ? (
          <Panel value="feature-flags">
            <FeatureFlagsTab companyId={c.id} />
          </Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}

function Panel({ value, children }: { value: TCompanyTab; children: ReactNode }) {
  return (
    <Tabs.Panel value={value} pl="xl" style={{ minWidth: 0 }}>
      {children}
    </Tabs.Panel>
  );
}

function CompanySummary({ company }: { company: TCompanyDetail }) {
  const me = useCurrentUser();
  return (
    <Group gap="sm">
      <Text size="sm" c="dimmed">
        {company.domain}
        {company.plan_name ? ` · Plano ${company.plan_name}` : ''}
      </Text>
      <CompanyStatusBadge
        statusId={company.status_id}
        inactiveSince={company.inactive_since}
        timezone={me.timezone}
      />
    </Group>
  );
}
