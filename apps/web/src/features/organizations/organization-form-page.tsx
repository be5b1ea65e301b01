import { PageHeader } from '../../components/page-header';

// Issue 21: placeholder, filled in by the organizations work.
export function OrganizationFormPage() {
  return <PageHeader title="Organização" />;
}
