import { PageHeader } from '../../components/page-header';

export function NegotiatorPhrasesPage() {
  return <PageHeader title="Negociador" />;
}
