// The tabs of /settings, kept in ?tab= so a link can open one; the default is pause control (spec 2 §2).
export const SETTINGS_TABS = ['pause', 'distribution', 'rules'] as const;
export type TSettingsTab = (typeof SETTINGS_TABS)[number];

export function settingsTabOf(value: string | null): TSettingsTab {
  return SETTINGS_TABS.find((t) => t === value) ?? 'pause';
}
