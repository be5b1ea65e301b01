import { describe, expect, it } from 'vitest';
import { leadIdParam, leadUrl, navigateTarget } from './crm-navigate';

const origin = 'https://prosa.example';

describe('the CRM route-change messages', () => {
  it('opens the lead a same-origin crm:navigate message names', () => {
    expect(navigateTarget({ origin, data: { type: 'crm:navigate', leadId: 42 } }, origin)).toBe(42);
    expect(navigateTarget({ origin, data: { type: 'crm:navigate', leadId: '7' } }, origin)).toBe(7);
  });

  it('ignores other origins, other messages and bad ids', () => {
    expect(
      navigateTarget({ origin: 'https://evil.example', data: { type: 'crm:navigate', leadId: 1 } }, origin),
    ).toBe(null);
    expect(navigateTarget({ origin, data: { type: 'other', leadId: 1 } }, origin)).toBeNull();
    expect(navigateTarget({ origin, data: 'crm:navigate' }, origin)).toBeNull();
    expect(navigateTarget({ origin, data: null }, origin)).toBeNull();
    expect(navigateTarget({ origin, data: { type: 'crm:navigate', leadId: -3 } }, origin)).toBeNull();
    expect(navigateTarget({ origin, data: { type: 'crm:navigate', leadId: 1.5 } }, origin)).toBeNull();
  });

  it('reads and builds the leadId parameter', () => {
    expect(leadIdParam('12')).toBe(12);
    expect(leadIdParam(null)).toBeNull();
    expect(leadIdParam('abc')).toBeNull();
    expect(leadIdParam('0')).toBeNull();
    expect(leadUrl(12)).toBe('/crm?leadId=12');
  });
});
