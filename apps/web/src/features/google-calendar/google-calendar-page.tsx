import { PageHeader } from '../../components/page-header';

// Issue 22: placeholder, filled in by the google-calendar work.
export function GoogleCalendarPage() {
  return <PageHeader title="Google Agenda" />;
}
