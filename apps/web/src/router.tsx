import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './components/app-layout';
import { ChatPage } from './features/attendance/chat-page';
import { PublicOnly, RequireSession } from './features/auth/route-guards';
import { PauseGate } from './features/pause/pause-gate';
import { lazyPage } from './lib/lazy-page';

// What the login and the chat need at first paint is in the entry chunk; every other screen loads on first visit.
const LoginPage = lazyPage(() => import('./features/auth/login-page').then((m) => m.LoginPage));
const TrainingPage = lazyPage(() => import('./features/training/training-page').then((m) => m.TrainingPage));
const MediaViewerPage = lazyPage(() =>
  import('./features/media-viewer/media-viewer-page').then((m) => m.MediaViewerPage),
);
const AccountPage = lazyPage(() => import('./features/account/account-page').then((m) => m.AccountPage));
const ResetPasswordPage = lazyPage(() =>
  import('./features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
);
const BatchCloseDetailPage = lazyPage(() =>
  import('./features/batch-close/batch-close-detail-page').then((m) => m.BatchCloseDetailPage),
);
const BatchCloseNewPage = lazyPage(() =>
  import('./features/batch-close/batch-close-new-page').then((m) => m.BatchCloseNewPage),
);
const BatchClosePage = lazyPage(() =>
  import('./features/batch-close/batch-close-page').then((m) => m.BatchClosePage),
);
const ReportsIndexPage = lazyPage(() =>
  import('./features/reports/reports-index-page').then((m) => m.ReportsIndexPage),
);
const MessengerPage = lazyPage(() =>
  import('./features/messenger/messenger-page').then((m) => m.MessengerPage),
);
const NotificationsAdminPage = lazyPage(() =>
  import('./features/notifications/notifications-admin-page').then((m) => m.NotificationsAdminPage),
);
const SurveysAdminPage = lazyPage(() =>
  import('./features/surveys/surveys-admin-page').then((m) => m.SurveysAdminPage),
);
const OrganizationsPage = lazyPage(() =>
  import('./features/organizations/organizations-page').then((m) => m.OrganizationsPage),
);
const OrganizationFormPage = lazyPage(() =>
  import('./features/organizations/organization-form-page').then((m) => m.OrganizationFormPage),
);
const BiReportsPage = lazyPage(() =>
  import('./features/bi-reports/bi-reports-page').then((m) => m.BiReportsPage),
);
const BiReportFormPage = lazyPage(() =>
  import('./features/bi-reports/bi-report-form-page').then((m) => m.BiReportFormPage),
);
const BiReportViewPage = lazyPage(() =>
  import('./features/bi-reports/bi-report-view-page').then((m) => m.BiReportViewPage),
);
const BillingPage = lazyPage(() => import('./features/billing/billing-page').then((m) => m.BillingPage));
const BackupsPage = lazyPage(() => import('./features/backups/backups-page').then((m) => m.BackupsPage));
const RestoredBackupPage = lazyPage(() =>
  import('./features/backups/restored-backup-page').then((m) => m.RestoredBackupPage),
);
const NegotiatorsPage = lazyPage(() =>
  import('./features/negotiator/negotiators-page').then((m) => m.NegotiatorsPage),
);
const NegotiatorFormPage = lazyPage(() =>
  import('./features/negotiator/negotiator-form-page').then((m) => m.NegotiatorFormPage),
);
const NegotiatorPhrasesPage = lazyPage(() =>
  import('./features/negotiator/negotiator-phrases-page').then((m) => m.NegotiatorPhrasesPage),
);
const CrmPage = lazyPage(() => import('./features/crm/crm-page').then((m) => m.CrmPage));
const IntegrationsPage = lazyPage(() =>
  import('./features/integrations/integrations-page').then((m) => m.IntegrationsPage),
);
const GoogleCalendarPage = lazyPage(() =>
  import('./features/google-calendar/google-calendar-page').then((m) => m.GoogleCalendarPage),
);
const NumbersPage = lazyPage(() =>
  import('./features/waent-onboarding/numbers-page').then((m) => m.NumbersPage),
);
const WaentMigrationPage = lazyPage(() =>
  import('./features/waent-onboarding/waent-migration-page').then((m) => m.WaentMigrationPage),
);
const ReportPage = lazyPage(() => import('./features/reports/report-page').then((m) => m.ReportPage));
const BackgroundReportsPage = lazyPage(() =>
  import('./features/reports/background-reports-page').then((m) => m.BackgroundReportsPage),
);
const DashboardsIndexPage = lazyPage(() =>
  import('./features/dashboards/dashboards-index-page').then((m) => m.DashboardsIndexPage),
);
const DashboardPage = lazyPage(() =>
  import('./features/dashboards/dashboard-page').then((m) => m.DashboardPage),
);
const BlackListPage = lazyPage(() =>
  import('./features/blacklist/black-list-page').then((m) => m.BlackListPage),
);
const SolicitationBlockPage = lazyPage(() =>
  import('./features/blacklist/solicitation-block-page').then((m) => m.SolicitationBlockPage),
);
const CampaignDetailsPage = lazyPage(() =>
  import('./features/campaigns/campaign-details-page').then((m) => m.CampaignDetailsPage),
);
const CampaignsPage = lazyPage(() =>
  import('./features/campaigns/campaigns-page').then((m) => m.CampaignsPage),
);
const ChannelMonitorPage = lazyPage(() =>
  import('./features/channel-monitor/monitor-page').then((m) => m.ChannelMonitorPage),
);
const FlowEditorPage = lazyPage(() =>
  import('./features/chatbot/flow-editor-page').then((m) => m.FlowEditorPage),
);
const ChatbotFlowsPage = lazyPage(() =>
  import('./features/chatbot/flows-page').then((m) => m.ChatbotFlowsPage),
);
const CompaniesPage = lazyPage(() =>
  import('./features/companies/companies-page').then((m) => m.CompaniesPage),
);
const CompanyEditPage = lazyPage(() =>
  import('./features/companies/company-edit-page').then((m) => m.CompanyEditPage),
);
const SettingsPage = lazyPage(() =>
  import('./features/company-metadata/settings-page').then((m) => m.SettingsPage),
);
const MonitorPage = lazyPage(() => import('./features/distribution/monitor-page').then((m) => m.MonitorPage));
const EmailConfigsPage = lazyPage(() =>
  import('./features/email/email-configs-page').then((m) => m.EmailConfigsPage),
);
const EmailEditPage = lazyPage(() => import('./features/email/email-edit-page').then((m) => m.EmailEditPage));
const FacebookPagesPage = lazyPage(() =>
  import('./features/facebook/facebook-pages-page').then((m) => m.FacebookPagesPage),
);
const HistoryPage = lazyPage(() => import('./features/history/history-page').then((m) => m.HistoryPage));
const HsmPage = lazyPage(() => import('./features/hsm/hsm-page').then((m) => m.HsmPage));
const InstagramPage = lazyPage(() =>
  import('./features/instagram/instagram-page').then((m) => m.InstagramPage),
);
const KnowledgePage = lazyPage(() =>
  import('./features/knowledge/knowledge-page').then((m) => m.KnowledgePage),
);
const MailingFormPage = lazyPage(() =>
  import('./features/mailing/mailing-form-page').then((m) => m.MailingFormPage),
);
const MailingsPage = lazyPage(() => import('./features/mailing/mailings-page').then((m) => m.MailingsPage));
const MultichannelFormPage = lazyPage(() =>
  import('./features/multichannel/multichannel-form-page').then((m) => m.MultichannelFormPage),
);
const MultichannelPage = lazyPage(() =>
  import('./features/multichannel/multichannel-page').then((m) => m.MultichannelPage),
);
const NewchatWizardPage = lazyPage(() =>
  import('./features/newchat/newchat-wizard-page').then((m) => m.NewchatWizardPage),
);
const NewchatsPage = lazyPage(() => import('./features/newchat/newchats-page').then((m) => m.NewchatsPage));
const OptinPage = lazyPage(() => import('./features/optin/optin-page').then((m) => m.OptinPage));
const UserInPausePage = lazyPage(() =>
  import('./features/pause/user-in-pause-page').then((m) => m.UserInPausePage),
);
const PermissionsPage = lazyPage(() =>
  import('./features/permissions/permissions-page').then((m) => m.PermissionsPage),
);
const ContactsPage = lazyPage(() => import('./features/persons/contacts-page').then((m) => m.ContactsPage));
const PollsPage = lazyPage(() => import('./features/polls/polls-page').then((m) => m.PollsPage));
const SectorsPage = lazyPage(() => import('./features/sectors/sectors-page').then((m) => m.SectorsPage));
const SecurityPage = lazyPage(() => import('./features/settings/security-page').then((m) => m.SecurityPage));
const SmartChannelsPage = lazyPage(() =>
  import('./features/smart/smart-channels-page').then((m) => m.SmartChannelsPage),
);
const SmsChannelsPage = lazyPage(() =>
  import('./features/sms/sms-channels-page').then((m) => m.SmsChannelsPage),
);
const SmsEditPage = lazyPage(() => import('./features/sms/sms-edit-page').then((m) => m.SmsEditPage));
const TriagePage = lazyPage(() => import('./features/triage/triage-page').then((m) => m.TriagePage));
const StatusesPage = lazyPage(() => import('./features/statuses/statuses-page').then((m) => m.StatusesPage));
const TelegramChannelsPage = lazyPage(() =>
  import('./features/telegram/telegram-channels-page').then((m) => m.TelegramChannelsPage),
);
const TelegramEditPage = lazyPage(() =>
  import('./features/telegram/telegram-edit-page').then((m) => m.TelegramEditPage),
);
const TriggersPage = lazyPage(() => import('./features/triggers/triggers-page').then((m) => m.TriggersPage));
const UsersPage = lazyPage(() => import('./features/users/users-page').then((m) => m.UsersPage));
const WaentChannelsPage = lazyPage(() =>
  import('./features/waent/waent-channels-page').then((m) => m.WaentChannelsPage),
);
const WawebChannelsPage = lazyPage(() =>
  import('./features/waweb/waweb-channels-page').then((m) => m.WawebChannelsPage),
);
const WebchatsPage = lazyPage(() => import('./features/webchat/webchats-page').then((m) => m.WebchatsPage));

// Paths of the logged-in screens are those of MENU (@prosa/shared/menu), which also holds their roles.
export function createRouter() {
  return createBrowserRouter([
    {
      path: '/login',
      element: (
        <PublicOnly>
          <LoginPage />
        </PublicOnly>
      ),
    },
    { path: '/reset-password', element: <ResetPasswordPage /> },
    {
      element: <RequireSession />,
      children: [
        {
          // A paused user is held on the block page (spec 1 main.user-in-pause).
          element: <PauseGate />,
          children: [
            { path: 'user-in-pause', element: <UserInPausePage /> },
            {
              element: <AppLayout />,
              children: [
                { index: true, element: <Navigate to="/chat" replace /> },
                { path: 'chat', element: <ChatPage /> },
                { path: 'distribution', element: <MonitorPage /> },
                { path: 'history', element: <HistoryPage /> },
                { path: 'contacts', element: <ContactsPage /> },
                { path: 'knowledgebase', element: <KnowledgePage /> },
                { path: 'messenger', element: <MessengerPage /> },
                { path: 'notifications', element: <NotificationsAdminPage /> },
                { path: 'surveys', element: <SurveysAdminPage /> },
                { path: 'organizations', element: <OrganizationsPage /> },
                { path: 'organizations/new', element: <OrganizationFormPage /> },
                { path: 'organizations/:id', element: <OrganizationFormPage /> },
                { path: 'report-bi', element: <BiReportsPage /> },
                { path: 'report-bi/new', element: <BiReportFormPage /> },
                { path: 'report-bi/:id/edit', element: <BiReportFormPage /> },
                { path: 'report-bi/:id', element: <BiReportViewPage /> },
                { path: 'billing', element: <BillingPage /> },
                { path: 'backups', element: <BackupsPage /> },
                { path: 'backups/:id/restored', element: <RestoredBackupPage /> },
                { path: 'crm', element: <CrmPage /> },
                { path: 'integrations', element: <IntegrationsPage /> },
                { path: 'google-calendar', element: <GoogleCalendarPage /> },
                { path: 'numbers', element: <NumbersPage /> },
                { path: 'channels/waent/migration', element: <WaentMigrationPage /> },
                { path: 'companies', element: <CompaniesPage /> },
                { path: 'companies/:id', element: <CompanyEditPage /> },
                { path: 'users', element: <UsersPage /> },
                { path: 'users/permissions/:target/:targetId', element: <PermissionsPage /> },
                { path: 'sectors', element: <SectorsPage /> },
                { path: 'statuses', element: <StatusesPage /> },
                { path: 'triage', element: <TriagePage /> },
                { path: 'channels/webchat', element: <WebchatsPage /> },
                { path: 'channels/newchat', element: <NewchatsPage /> },
                { path: 'channels/newchat-edit', element: <NewchatWizardPage /> },
                { path: 'channels/waent', element: <WaentChannelsPage /> },
                { path: 'channels/waweb', element: <WawebChannelsPage /> },
                { path: 'channels/facebook', element: <FacebookPagesPage /> },
                { path: 'channels/instagram', element: <InstagramPage /> },
                { path: 'channels/telegram', element: <TelegramChannelsPage /> },
                { path: 'channels/telegram-edit', element: <TelegramEditPage /> },
                { path: 'channels/email', element: <EmailConfigsPage /> },
                { path: 'channels/email/new', element: <EmailEditPage /> },
                { path: 'channels/email/:id', element: <EmailEditPage /> },
                { path: 'channels/sms', element: <SmsChannelsPage /> },
                { path: 'channels/sms-edit', element: <SmsEditPage /> },
                { path: 'channels/smart', element: <SmartChannelsPage /> },
                { path: 'channels/monitor', element: <ChannelMonitorPage /> },
                { path: 'channels/hsm', element: <HsmPage /> },
                { path: 'channels/multichannel', element: <MultichannelPage /> },
                { path: 'channels/multichannel/new', element: <MultichannelFormPage /> },
                { path: 'channels/multichannel/:id', element: <MultichannelFormPage /> },
                { path: 'triggers', element: <TriggersPage /> },
                { path: 'chatbot-flows', element: <ChatbotFlowsPage /> },
                { path: 'chatbot-flows/:id', element: <FlowEditorPage /> },
                { path: 'polls', element: <PollsPage /> },
                { path: 'mailings', element: <MailingsPage /> },
                { path: 'mailings/new', element: <MailingFormPage /> },
                { path: 'mailings/:id', element: <MailingFormPage /> },
                { path: 'campaigns', element: <CampaignsPage /> },
                { path: 'campaigns/:id', element: <CampaignDetailsPage /> },
                { path: 'negotiator', element: <NegotiatorsPage /> },
                { path: 'negotiator/new', element: <NegotiatorFormPage /> },
                { path: 'negotiator/:id', element: <NegotiatorFormPage /> },
                { path: 'negotiator/:id/phrases', element: <NegotiatorPhrasesPage /> },
                { path: 'optin', element: <OptinPage /> },
                { path: 'black-list', element: <BlackListPage /> },
                { path: 'solicitation-block', element: <SolicitationBlockPage /> },
                { path: 'batch-close', element: <BatchClosePage /> },
                { path: 'batch-close/new', element: <BatchCloseNewPage /> },
                { path: 'batch-close/:id', element: <BatchCloseDetailPage /> },
                { path: 'dashboards', element: <DashboardsIndexPage /> },
                { path: 'dashboards/:key', element: <DashboardPage /> },
                { path: 'reports', element: <ReportsIndexPage /> },
                { path: 'reports/background', element: <BackgroundReportsPage /> },
                { path: 'reports/:key', element: <ReportPage /> },
                { path: 'settings', element: <SettingsPage /> },
                { path: 'settings/security', element: <SecurityPage /> },
                { path: 'training', element: <TrainingPage /> },
                { path: 'media', element: <MediaViewerPage /> },
                { path: 'account', element: <AccountPage /> },
                { path: '*', element: <Navigate to="/chat" replace /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
