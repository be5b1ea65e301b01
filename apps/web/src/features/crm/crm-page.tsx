import { PageHeader } from '../../components/page-header';

// Issue 22: placeholder, filled in by the crm work.
export function CrmPage() {
  return <PageHeader title="Oportunidades" />;
}
