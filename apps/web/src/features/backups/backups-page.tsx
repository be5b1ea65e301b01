import { PageHeader } from '../../components/page-header';

// Issue 21: placeholder, filled in by the backups work.
export function BackupsPage() {
  return <PageHeader title="Backups" />;
}
