import { PageHeader } from '../../components/page-header';

// Issue 22: placeholder, filled in by the waent-onboarding work.
export function NumbersPage() {
  return <PageHeader title="Números" />;
}
