import { PageHeader } from '../../components/page-header';

// Issue 22: placeholder, filled in by the integrations work.
export function IntegrationsPage() {
  return <PageHeader title="Integrações" />;
}
