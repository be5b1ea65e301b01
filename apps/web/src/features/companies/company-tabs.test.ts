import { describe, expect, it } from 'vitest';
import { COMPANY_TABS, companyTabOf, LORD_ONLY_TABS } from './company-tabs';

describe('company edit tab from the redirect parameter', () => {
  it('opens the named tab, also by its Portuguese name, else the data tab', () => {
    expect(companyTabOf('contract')).toBe('contract');
    expect(companyTabOf('Contrato')).toBe('contract');
    expect(companyTabOf('white-label')).toBe('white-label');
    expect(companyTabOf('usuarios')).toBe('users');
    expect(companyTabOf(null)).toBe('data');
    expect(companyTabOf('nada')).toBe('data');
  });
  it('has the twelve tabs of company edit', () => {
    expect(COMPANY_TABS).toHaveLength(16);
    expect(companyTabOf('atendimento-automatico')).toBe('automatic-attendance');
    expect(companyTabOf('redirecionamento')).toBe('login-redirect');
  });
  it('has the feature flags tab (Recursos) for the platform owner only', () => {
    expect(companyTabOf('recursos')).toBe('feature-flags');
    expect(LORD_ONLY_TABS).toEqual(['feature-flags']);
  });
});
