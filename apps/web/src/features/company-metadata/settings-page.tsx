import { Box, Group, ScrollArea, Select, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ContactFieldsTab } from '../contact-fields/contact-fields-tab';
import { ControlWordsTab } from '../control-words/control-words-tab';
import { AttendanceRulesTab } from '../distribution/attendance-rules-tab';
import { DistributionSettingsTab } from '../distribution/distribution-settings-tab';
import { PauseSettingsTab } from '../pause/pause-settings-tab';
import { BlacklistTab } from './blacklist-tab';
import { MfaTab } from './info-tabs';
import { ReportBiTab, ReportsTab } from './report-tabs';
import { SectorConfigTab } from './sector-config-tab';
import {
  SETTINGS_GROUPS,
  SETTINGS_TAB_LIST,
  settingsTabOf,
  settingsTabParams,
  settingsTabsOf,
  type TSettingsTab,
} from './settings-tab-param';
import {
  AudioTab,
  ContactTab,
  CrmTab,
  EmailTab,
  GoogleCalendarTab,
  InternalMessengerTab,
  MessageCopyTab,
  NegotiatorTab,
  ReadUnreadTab,
  SchedulingTab,
  SecondsControlTab,
  StatusConfirmTab,
  ViewOptionsTab,
} from './switch-tabs';
import { AutoChangeTab } from './tabs/auto-change-tab';
import { BatchCloseSettingsTab } from './tabs/batch-close-tab';
import { CampaignOptionsTab } from './tabs/campaign-options-tab';
import { CampaignSettingsTab } from './tabs/campaign-tab';
import { ChannelsSettingsTab } from './tabs/channels-tab';
import { DashboardSettingsTab } from './tabs/dashboard-tab';
import { HistorySettingsTab } from './tabs/history-tab';
import { MediaControlTab } from './tabs/media-control-tab';
import { WhatsappSettingsTab } from './tabs/whatsapp-tab';
import { ChatbotsTab, KnowledgeBaseTab } from './value-tabs';

const SIDE_LIST: CSSProperties = {
  flexShrink: 0,
  position: 'sticky',
  top: 'calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))',
};
// Below the page header at first; the list scrolls inside when it is taller than the window.
const SIDE_LIST_HEIGHT = 'calc(100vh - var(--app-shell-header-height, 60px) - 160px)';

const PANEL: Record<TSettingsTab, () => ReactNode> = {
  pause: () => <PauseSettingsTab />,
  chatbots: () => <ChatbotsTab />,
  distribution: () => <DistributionSettingsTab />,
  contact: () => <ContactTab />,
  mfa: () => <MfaTab />,
  rules: () => <AttendanceRulesTab />,
  email: () => <EmailTab />,
  blacklist: () => <BlacklistTab />,
  reports: () => <ReportsTab />,
  'internal-messenger': () => <InternalMessengerTab />,
  'report-bi': () => <ReportBiTab />,
  'google-calendar': () => <GoogleCalendarTab />,
  negotiator: () => <NegotiatorTab />,
  crm: () => <CrmTab />,
  'contact-metadata': () => <ContactFieldsTab />,
  'knowledge-base': () => <KnowledgeBaseTab />,
  'control-words': () => <ControlWordsTab />,
  scheduling: () => <SchedulingTab />,
  'read-unread': () => <ReadUnreadTab />,
  'message-copy': () => <MessageCopyTab />,
  status: () => <StatusConfirmTab />,
  'sector-config': () => <SectorConfigTab />,
  audio: () => <AudioTab />,
  'view-options': () => <ViewOptionsTab />,
  'seconds-control': () => <SecondsControlTab />,
  dashboard: () => <DashboardSettingsTab />,
  campaign: () => <CampaignSettingsTab />,
  whatsapp: () => <WhatsappSettingsTab />,
  'batch-close': () => <BatchCloseSettingsTab />,
  'media-control': () => <MediaControlTab />,
  channels: () => <ChannelsSettingsTab />,
  history: () => <HistorySettingsTab />,
  'auto-change': () => <AutoChangeTab />,
  'campaign-options': () => <CampaignOptionsTab />,
};

/**
 * Settings (spec 2 §2, manager or above; operators are sent to the chat by the route guard): the numbered
 * settings tabs and the attendance-settings tabs, in a side list grouped as "Gerais" and "Atendimento".
 */
export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const tab = settingsTabOf(params.get('tab'));
  const narrow = useMediaQuery('(max-width: 62em)');
  const open = (value: string | null) =>
    setParams(settingsTabParams(settingsTabOf(value)), { replace: true });
  const listRef = useRef<HTMLDivElement>(null);
  // A tab opened by address may be below the fold of the side list: bring it into view once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on the first render of the list
  useEffect(() => {
    const viewport = listRef.current;
    const active = viewport?.querySelector('[role="tab"][aria-selected="true"]');
    if (!viewport || !active) return;
    // Only the list scrolls (scrollIntoView would scroll the page too).
    const v = viewport.getBoundingClientRect();
    const a = active.getBoundingClientRect();
    if (a.bottom > v.bottom || a.top < v.top) viewport.scrollTop += a.top - v.top - v.height / 2;
  }, [narrow]);

  return (
    <Stack gap="lg" maw={1280}>
      <PageHeader
        title="Configurações"
        description="Regras de atendimento e recursos que valem para toda a empresa."
      />
      {narrow ? (
        <Select
          label="Aba"
          data={SETTINGS_GROUPS.map((g) => ({
            group: g,
            items: settingsTabsOf(g).map((t) => ({ value: t.id, label: t.label })),
          }))}
          value={tab}
          onChange={open}
          allowDeselect={false}
          searchable
          maw={420}
        />
      ) : null}
      <Tabs
        value={tab}
        onChange={open}
        orientation={narrow ? 'horizontal' : 'vertical'}
        variant="pills"
        keepMounted={false}
        styles={{ tab: { padding: '7px 12px' }, tabLabel: { textAlign: 'left' } }}
      >
        <Group align="flex-start" gap="xl" wrap="nowrap" w="100%">
          <Box w={240} style={SIDE_LIST} display={narrow ? 'none' : undefined}>
            <ScrollArea.Autosize mah={SIDE_LIST_HEIGHT} type="auto" offsetScrollbars viewportRef={listRef}>
              <Tabs.List aria-label="Abas de configurações">
                {SETTINGS_GROUPS.map((group) => (
                  <Stack key={group} gap={2} mb="md" w="100%">
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4} aria-hidden>
                      {group}
                    </Text>
                    {settingsTabsOf(group).map((t) => (
                      <Tabs.Tab key={t.id} value={t.id} fw={500}>
                        {t.label}
                      </Tabs.Tab>
                    ))}
                  </Stack>
                ))}
              </Tabs.List>
            </ScrollArea.Autosize>
          </Box>
          <Box style={{ flex: 1, minWidth: 0 }} maw={960}>
            {SETTINGS_TAB_LIST.map((t) => (
              <Tabs.Panel key={t.id} value={t.id}>
                {PANEL[t.id]()}
              </Tabs.Panel>
            ))}
          </Box>
        </Group>
      </Tabs>
    </Stack>
  );
}
