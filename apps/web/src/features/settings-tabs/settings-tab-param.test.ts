import { describe, expect, it } from 'vitest';
import { SETTINGS_TAB_LIST, settingsTabOf, settingsTabParams, settingsTabsOf } from './settings-tab-param';

describe('aba das configurações', () => {
  it('opens the tab of the address and falls back to pause control', () => {
    expect(settingsTabOf('distribution')).toBe('distribution');
    expect(settingsTabOf('rules')).toBe('rules');
    expect(settingsTabOf('auto-change')).toBe('auto-change');
    expect(settingsTabOf('sector-config')).toBe('sector-config');
    expect(settingsTabOf(null)).toBe('pause');
    expect(settingsTabOf('qualquer')).toBe('pause');
  });

  it('keeps the tab in the address, except the default one', () => {
    expect(settingsTabParams('pause')).toEqual({});
    expect(settingsTabParams('history')).toEqual({ tab: 'history' });
  });

  it('has the 13 attendance-settings tabs and the 18 numbered tabs, each once', () => {
    expect(settingsTabsOf('Atendimento')).toHaveLength(13);
    expect(settingsTabsOf('Gerais')).toHaveLength(18);
    expect(new Set(SETTINGS_TAB_LIST.map((t) => t.id)).size).toBe(SETTINGS_TAB_LIST.length);
    expect(new Set(SETTINGS_TAB_LIST.map((t) => t.label)).size).toBe(SETTINGS_TAB_LIST.length);
  });
});
