import { PageHeader } from '../../components/page-header';

// Issue 20: placeholder, filled in by the notifications work.
export function NotificationsAdminPage() {
  return <PageHeader title="Notificações" />;
}
