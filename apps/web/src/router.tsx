import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './components/app-layout';
import { AccountPage } from './features/account/account-page';
import { ChatPage } from './features/attendance/chat-page';
import { LoginPage } from './features/auth/login-page';
import { ResetPasswordPage } from './features/auth/reset-password-page';
import { PublicOnly, RequireSession } from './features/auth/route-guards';
import { BatchCloseDetailPage } from './features/batch-close/batch-close-detail-page';
import { BatchCloseNewPage } from './features/batch-close/batch-close-new-page';
import { BatchClosePage } from './features/batch-close/batch-close-page';
import { BlackListPage } from './features/blacklist/black-list-page';
import { SolicitationBlockPage } from './features/blacklist/solicitation-block-page';
import { CampaignDetailsPage } from './features/campaigns/campaign-details-page';
import { CampaignsPage } from './features/campaigns/campaigns-page';
import { ChannelMonitorPage } from './features/channel-monitor/monitor-page';
import { FlowEditorPage } from './features/chatbot/flow-editor-page';
import { ChatbotFlowsPage } from './features/chatbot/flows-page';
import { CompaniesPage } from './features/companies/companies-page';
import { CompanyEditPage } from './features/companies/company-edit-page';
import { SettingsPage } from './features/company-metadata/settings-page';
import { MonitorPage } from './features/distribution/monitor-page';
import { EmailConfigsPage } from './features/email/email-configs-page';
import { EmailEditPage } from './features/email/email-edit-page';
import { FacebookPagesPage } from './features/facebook/facebook-pages-page';
import { HistoryPage } from './features/history/history-page';
import { HsmPage } from './features/hsm/hsm-page';
import { InstagramPage } from './features/instagram/instagram-page';
import { KnowledgePage } from './features/knowledge/knowledge-page';
import { MailingFormPage } from './features/mailing/mailing-form-page';
import { MailingsPage } from './features/mailing/mailings-page';
import { MultichannelFormPage } from './features/multichannel/multichannel-form-page';
import { MultichannelPage } from './features/multichannel/multichannel-page';
import { NewchatWizardPage } from './features/newchat/newchat-wizard-page';
import { NewchatsPage } from './features/newchat/newchats-page';
import { OptinPage } from './features/optin/optin-page';
import { PauseGate } from './features/pause/pause-gate';
import { UserInPausePage } from './features/pause/user-in-pause-page';
import { PermissionsPage } from './features/permissions/permissions-page';
import { ContactsPage } from './features/persons/contacts-page';
import { PollsPage } from './features/polls/polls-page';
import { SectorsPage } from './features/sectors/sectors-page';
import { SecurityPage } from './features/settings/security-page';
import { SmartChannelsPage } from './features/smart/smart-channels-page';
import { SmsChannelsPage } from './features/sms/sms-channels-page';
import { SmsEditPage } from './features/sms/sms-edit-page';
import { StatusesPage } from './features/statuses/statuses-page';
import { TelegramChannelsPage } from './features/telegram/telegram-channels-page';
import { TelegramEditPage } from './features/telegram/telegram-edit-page';
import { TriggersPage } from './features/triggers/triggers-page';
import { UsersPage } from './features/users/users-page';
import { WaentChannelsPage } from './features/waent/waent-channels-page';
import { WawebChannelsPage } from './features/waweb/waweb-channels-page';
import { WebchatsPage } from './features/webchat/webchats-page';

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
                { path: 'companies', element: <CompaniesPage /> },
                { path: 'companies/:id', element: <CompanyEditPage /> },
                { path: 'users', element: <UsersPage /> },
                { path: 'users/permissions/:target/:targetId', element: <PermissionsPage /> },
                { path: 'sectors', element: <SectorsPage /> },
                { path: 'statuses', element: <StatusesPage /> },
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
                { path: 'optin', element: <OptinPage /> },
                { path: 'black-list', element: <BlackListPage /> },
                { path: 'solicitation-block', element: <SolicitationBlockPage /> },
                { path: 'batch-close', element: <BatchClosePage /> },
                { path: 'batch-close/new', element: <BatchCloseNewPage /> },
                { path: 'batch-close/:id', element: <BatchCloseDetailPage /> },
                { path: 'settings', element: <SettingsPage /> },
                { path: 'settings/security', element: <SecurityPage /> },
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
