import { describe, expect, it } from 'vitest';
import { settingsTabOf } from './settings-tab-param';

describe('aba das configurações', () => {
  it('opens the tab of the address and falls back to pause control', () => {
    expect(settingsTabOf('distribution')).toBe('distribution');
    expect(settingsTabOf('rules')).toBe('rules');
    expect(settingsTabOf(null)).toBe('pause');
    expect(settingsTabOf('qualquer')).toBe('pause');
  });
});
