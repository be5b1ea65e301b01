import { PageHeader } from '../../components/page-header';

// Placeholder until the history screen lands (issue 3).
export function HistoryPage() {
  return <PageHeader title="Histórico" />;
}
