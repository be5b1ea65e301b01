import { PageHeader } from '../../components/page-header';

export function NegotiatorFormPage() {
  return <PageHeader title="Negociador" />;
}
