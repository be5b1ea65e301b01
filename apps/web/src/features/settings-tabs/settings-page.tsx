import { Stack, Tabs } from '@mantine/core';
import { IconArrowsShuffle, IconListCheck, IconPlayerPause } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { AttendanceRulesTab } from '../distribution/attendance-rules-tab';
import { DistributionSettingsTab } from '../distribution/distribution-settings-tab';
import { PauseSettingsTab } from '../pause/pause-settings-tab';
import { SETTINGS_TABS, settingsTabOf, type TSettingsTab } from './settings-tab-param';

const LABEL: Record<TSettingsTab, string> = {
  pause: 'Pausa',
  distribution: 'Nova distribuição',
  rules: 'Regras de atendimento',
};
const ICON: Record<TSettingsTab, typeof IconPlayerPause> = {
  pause: IconPlayerPause,
  distribution: IconArrowsShuffle,
  rules: IconListCheck,
};

/** Settings (spec 2 §2, manager or above; operators are sent to the chat by the route guard). */
export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const tab = settingsTabOf(params.get('tab'));
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title="Configurações" description="Regras de atendimento que valem para toda a empresa." />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'pause' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label="Abas de configurações" mb="lg">
          {SETTINGS_TABS.map((t) => {
            const Icon = ICON[t];
            return (
              <Tabs.Tab key={t} value={t} fw={500} leftSection={<Icon size={16} aria-hidden />}>
                {LABEL[t]}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="pause">
          <PauseSettingsTab />
        </Tabs.Panel>
        <Tabs.Panel value="distribution">
          <DistributionSettingsTab />
        </Tabs.Panel>
        <Tabs.Panel value="rules">
          <AttendanceRulesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
