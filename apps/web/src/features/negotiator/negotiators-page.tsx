import { PageHeader } from '../../components/page-header';

export function NegotiatorsPage() {
  return <PageHeader title="Negociador" />;
}
