import { describe, expect, it } from 'vitest';
import { crmAccess, formatCents, normalizeCrmAccess } from './crm-texts';
import { ROLE } from './roles';

describe('the CRM permission (spec 2 §6)', () => {
  it('gives managers and above both when unset, operators none', () => {
    expect(crmAccess(ROLE.manager, undefined)).toEqual({ view: true, edit: true });
    expect(crmAccess(ROLE.admin, undefined)).toEqual({ view: true, edit: true });
    expect(crmAccess(ROLE.operator, undefined)).toEqual({ view: false, edit: false });
  });

  it('follows what is stored; write implies view', () => {
    expect(crmAccess(ROLE.manager, { view: false, edit: false })).toEqual({ view: false, edit: false });
    expect(crmAccess(ROLE.operator, { view: true, edit: false })).toEqual({ view: true, edit: false });
    expect(crmAccess(ROLE.operator, { view: false, edit: true })).toEqual({ view: true, edit: true });
    expect(normalizeCrmAccess({ view: false, edit: true })).toEqual({ view: true, edit: true });
  });

  it('shows values in reais', () => {
    expect(formatCents(123_456).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
  });
});
