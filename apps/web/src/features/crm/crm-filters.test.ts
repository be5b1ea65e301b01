import { describe, expect, it } from 'vitest';
import { defaultWindow, filtersOk } from './crm-filters';

describe('the CRM filters', () => {
  it('defaults to the last 30 days in the time zone', () => {
    // 02:00 UTC on 2 March is still 1 March in São Paulo.
    const now = Date.parse('2026-03-02T02:00:00Z');
    expect(defaultWindow('America/Sao_Paulo', now)).toEqual({ startAt: '2026-01-30', endAt: '2026-03-01' });
  });

  it('accepts up to 30 days and a search over 3 characters', () => {
    expect(filtersOk({ startAt: '2026-01-01', endAt: '2026-01-31', search: '' })).toBe(true);
    expect(filtersOk({ startAt: '2026-01-01', endAt: '2026-02-01', search: '' })).toBe(false);
    expect(filtersOk({ startAt: '2026-01-10', endAt: '2026-01-01', search: '' })).toBe(false);
    expect(filtersOk({ startAt: '2026-01-01', endAt: '2026-01-05', search: 'abc' })).toBe(false);
    expect(filtersOk({ startAt: '2026-01-01', endAt: '2026-01-05', search: 'abcd' })).toBe(true);
    expect(filtersOk({ startAt: null, endAt: '2026-01-05', search: '' })).toBe(false);
  });
});
