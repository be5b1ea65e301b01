import { describe, expect, it } from 'vitest';
import { SETTINGS_TAB_LIST, settingsTabOf, settingsTabParams, settingsTabsOf } from './settings-tab-param';

describe('aba das configurações', () => {
  it('opens the tab of the address and falls back to pause control', () => {
    expect(settingsTabOf('distribution')).toBe('distribution');
    expect(settingsTabOf('rules')).toBe('rules');
    expect(settingsTabOf('read-unread')).toBe('read-unread');
    expect(settingsTabOf('sector-config')).toBe('sector-config');
    expect(settingsTabOf('email')).toBe('email');
    expect(settingsTabOf('blacklist')).toBe('blacklist');
    expect(settingsTabOf('crm')).toBe('crm');
    expect(settingsTabOf('negotiator')).toBe('negotiator');
    expect(settingsTabOf(null)).toBe('pause');
    expect(settingsTabOf('qualquer')).toBe('pause');
  });

  it('offers every numbered tab and attendance tab of the spec, each by address', () => {
    const spec = [
      'dashboard',
      'campaign',
      'whatsapp',
      'batch-close',
      'media-control',
      'channels',
      'auto-change',
      'campaign-options',
      'history',
    ];
    for (const id of spec) expect(settingsTabOf(id)).toBe(id);
    expect(settingsTabOf('messenger')).toBe('pause');
  });

  it('keeps the tab in the address, except the default one', () => {
    expect(settingsTabParams('pause')).toEqual({});
    expect(settingsTabParams('rules')).toEqual({ tab: 'rules' });
  });

  it('has the 13 attendance-settings tabs and the 21 general tabs, each once', () => {
    expect(settingsTabsOf('Atendimento')).toHaveLength(13);
    expect(settingsTabsOf('Gerais')).toHaveLength(21);
    // The reports tab is real since the background and periodic reports exist (issue 19).
    expect(settingsTabOf('reports')).toBe('reports');
    // The BI report tab is real since the embedded BI reports exist (issue 21).
    expect(settingsTabOf('report-bi')).toBe('report-bi');
    // Google Agenda: each user's calendar receives their scheduled returns (issue 22).
    expect(settingsTabOf('google-calendar')).toBe('google-calendar');
    expect(new Set(SETTINGS_TAB_LIST.map((t) => t.id)).size).toBe(SETTINGS_TAB_LIST.length);
    expect(new Set(SETTINGS_TAB_LIST.map((t) => t.label)).size).toBe(SETTINGS_TAB_LIST.length);
  });
});
