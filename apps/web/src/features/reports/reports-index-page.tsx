import { PageHeader } from '../../components/page-header';

export function ReportsIndexPage() {
  return <PageHeader title="Relatórios" />;
}
