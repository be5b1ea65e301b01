import { PageHeader } from '../../components/page-header';

export function ReportPage() {
  return <PageHeader title="Relatório" />;
}
