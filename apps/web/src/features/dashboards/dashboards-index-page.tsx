import { PageHeader } from '../../components/page-header';

export function DashboardsIndexPage() {
  return <PageHeader title="Painéis" />;
}
