import { PageHeader } from '../../components/page-header';

// Issue 20: placeholder, filled in by the surveys work.
export function SurveysAdminPage() {
  return <PageHeader title="Pesquisas internas" />;
}
