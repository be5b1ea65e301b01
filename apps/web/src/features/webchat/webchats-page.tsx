import { PageHeader } from '../../components/page-header';

// Placeholder until the web chat administration lands (issue 3).
export function WebchatsPage() {
  return <PageHeader title="Web chat" />;
}
