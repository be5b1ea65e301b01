import { Alert, Skeleton } from '@mantine/core';
import { COMPANY_MSG } from '@prosa/shared/company-admin';
import { MSG } from '@prosa/shared/messages';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api';
import { IpFilterCard } from '../settings/ip-filter-card';
import { useCompanyIpFilter } from './api';

/** IPs permitidos of the company opened in company edit (the same editor as the security page). */
export function CompanyIpTab({ companyId }: { companyId: number }) {
  const filter = useCompanyIpFilter(companyId);
  if (filter.isPending) return <Skeleton h={320} radius="md" maw={880} />;
  if (filter.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={COMPANY_MSG.loadError}>
        {errorMessage(filter.error, MSG.genericError)}
      </Alert>
    );
  }
  return (
    <div style={{ maxWidth: 880 }}>
      <IpFilterCard filter={filter.data.ipFilter} currentIp={filter.data.currentIp} companyId={companyId} />
    </div>
  );
}
