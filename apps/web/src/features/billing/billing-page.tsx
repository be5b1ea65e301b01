import { PageHeader } from '../../components/page-header';

// Issue 21: placeholder, filled in by the billing work.
export function BillingPage() {
  return <PageHeader title="Faturas" />;
}
