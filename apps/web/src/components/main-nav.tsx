import { NavLink, Stack } from '@mantine/core';
import { menuForRole, menuItemOf } from '@prosa/shared/menu';
import type { TPermissionMap } from '@prosa/shared/permissions';
import {
  IconActivity,
  IconAddressBook,
  IconBan,
  IconBell,
  IconBolt,
  IconBook2,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconBuilding,
  IconBuildingCommunity,
  IconChartBar,
  IconChecklist,
  IconClipboardList,
  IconDatabaseExport,
  IconDeviceDesktopAnalytics,
  IconFileSpreadsheet,
  IconHierarchy2,
  IconHistory,
  IconLayoutDashboard,
  IconMail,
  IconMessage2,
  IconMessageChatbot,
  IconMessageCircle,
  IconMessages,
  IconPhone,
  IconPlugConnected,
  IconPresentationAnalytics,
  IconQrcode,
  IconReceipt,
  IconReportAnalytics,
  IconRoute,
  IconSchool,
  IconSettings,
  IconShieldLock,
  IconSitemap,
  IconSpeakerphone,
  IconTags,
  IconTargetArrow,
  IconTemplate,
  IconUserCheck,
  IconUserCircle,
  IconUserExclamation,
  IconUsers,
} from '@tabler/icons-react';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { useCompanyFeatures } from '../features/company-metadata/api';
import { MessengerUnreadBadge } from '../features/messenger/unread-badge';

const ICONS: Record<string, typeof IconMessages> = {
  chat: IconMessages,
  distribution: IconActivity,
  history: IconHistory,
  contacts: IconAddressBook,
  knowledgebase: IconBook2,
  webchats: IconMessageCircle,
  newchat: IconMessageChatbot,
  waweb: IconQrcode,
  waent: IconBrandWhatsapp,
  'channel-monitor': IconDeviceDesktopAnalytics,
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  telegram: IconBrandTelegram,
  emails: IconMail,
  sms: IconMessage2,
  smart: IconRoute,
  hsm: IconTemplate,
  multichannel: IconSitemap,
  users: IconUsers,
  companies: IconBuilding,
  sectors: IconHierarchy2,
  statuses: IconTags,
  settings: IconSettings,
  security: IconShieldLock,
  account: IconUserCircle,
  training: IconSchool,
  triggers: IconBolt,
  'chatbot-flows': IconRoute,
  polls: IconChartBar,
  mailings: IconFileSpreadsheet,
  campaigns: IconSpeakerphone,
  optin: IconUserCheck,
  'black-list': IconBan,
  'solicitation-block': IconUserExclamation,
  'batch-close': IconChecklist,
  dashboards: IconLayoutDashboard,
  messenger: IconMessageCircle,
  notifications: IconBell,
  surveys: IconClipboardList,
  organizations: IconBuildingCommunity,
  'report-bi': IconPresentationAnalytics,
  billing: IconReceipt,
  backups: IconDatabaseExport,
  crm: IconTargetArrow,
  integrations: IconPlugConnected,
  numbers: IconPhone,
  reports: IconReportAnalytics,
};

/** The main menu of spec MENU, filtered by the user's role. */
export function MainNav({
  role,
  permissions,
  billingAccess = false,
  crmView = false,
  onNavigate,
}: {
  role: number;
  permissions: TPermissionMap | null;
  /** A manager an admin allowed to see the invoices (session billingAccess). */
  billingAccess?: boolean;
  /** May see the opportunities (session crm.view; spec 2 §6). */
  crmView?: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const current = menuItemOf(pathname)?.key;
  // Entries of company features wait for the company's flags (none shown while they load).
  const flags = useCompanyFeatures().data?.allow ?? {};
  return (
    <Stack component="nav" aria-label="Menu principal" gap={4}>
      {menuForRole(role, permissions, flags, { billing: billingAccess, crm: crmView }).map((item) => {
        const Icon = ICONS[item.key] ?? IconMessages;
        const active = item.key === current;
        return (
          <NavLink
            key={item.key}
            component={RouterLink}
            to={item.path}
            label={item.label}
            // The unread badge sits beside the label: the label keeps to one line.
            styles={{ label: { whiteSpace: 'nowrap' } }}
            active={active}
            aria-current={active ? 'page' : undefined}
            leftSection={<Icon size={20} stroke={1.7} />}
            rightSection={item.key === 'messenger' ? <MessengerUnreadBadge /> : undefined}
            onClick={onNavigate}
            variant="light"
            fw={500}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        );
      })}
    </Stack>
  );
}
