import { describe, expect, it } from 'vitest';
import { brMonthToIso, ZInvoiceListQuery } from './billing';
import { hasBillingAccess, monthLabel } from './billing-texts';
import { ROLE } from './roles';

describe('billing', () => {
  it('opens invoices to admins and to allowed managers only', () => {
    expect(hasBillingAccess(ROLE.operator, true)).toBe(false);
    expect(hasBillingAccess(ROLE.manager, false)).toBe(false);
    expect(hasBillingAccess(ROLE.manager, true)).toBe(true);
    expect(hasBillingAccess(ROLE.admin, false)).toBe(true);
    expect(hasBillingAccess(ROLE.lord, false)).toBe(true);
  });

  it('reads months as MM/YYYY and checks the filters', () => {
    expect(brMonthToIso('10/2026')).toBe('2026-10');
    expect(brMonthToIso('13/2026')).toBeNull();
    expect(brMonthToIso('2026-10')).toBeNull();
    expect(monthLabel('2026-10')).toBe('10/2026');
    const messages = (q: Record<string, string>) =>
      ZInvoiceListQuery.safeParse(q).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ endDate: '10/2026' })).toEqual(['É necessário preencher a Data Início.']);
    expect(messages({ startDate: '11/2026', endDate: '10/2026' })).toEqual([
      'O mês final não pode ser anterior ao mês inicial.',
    ]);
    expect(messages({ startDate: '10/2026', endDate: '10/2026' })).toEqual([]);
    expect(messages({ startDate: '', endDate: '' })).toEqual([]);
  });
});
