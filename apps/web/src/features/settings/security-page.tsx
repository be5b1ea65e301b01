import { Alert, Skeleton, Stack } from '@mantine/core';
import { MSG } from '@prosa/shared/messages';
import { IconAlertCircle } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { useCompanySecurity } from './api';
import { IpFilterCard } from './ip-filter-card';
import { MfaSettingsCard } from './mfa-settings-card';

export function SecurityPage() {
  const security = useCompanySecurity();
  return (
    <Stack gap="lg" maw={880}>
      <PageHeader
        title="Segurança"
        description="Regras de acesso que valem para todos os usuários da empresa."
      />
      {security.isPending ? (
        <>
          <Skeleton h={220} radius="md" />
          <Skeleton h={320} radius="md" />
        </>
      ) : null}
      {security.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title="Erro ao carregar as informações.">
          {errorMessage(security.error, MSG.genericError)}
        </Alert>
      ) : null}
      {security.data ? (
        <>
          <MfaSettingsCard settings={security.data.security} />
          <IpFilterCard filter={security.data.ipFilter} currentIp={security.data.currentIp} />
        </>
      ) : null}
    </Stack>
  );
}
