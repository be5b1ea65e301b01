import { PageHeader } from '../../components/page-header';

export function BackgroundReportsPage() {
  return <PageHeader title="Relatórios em segundo plano" />;
}
