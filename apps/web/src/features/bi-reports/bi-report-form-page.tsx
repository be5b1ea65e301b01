import { PageHeader } from '../../components/page-header';

// Issue 21: placeholder, filled in by the bi-reports work.
export function BiReportFormPage() {
  return <PageHeader title="Relatório BI" />;
}
