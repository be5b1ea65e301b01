import { describe, expect, it } from 'vitest';
import {
  formatPhoneBr,
  isValidPhone,
  normalizePhone,
  ZCompanyStatusInput,
  ZUpdateCompanyInput,
} from './company-admin';
import { ZContractInput } from './contract';

describe('phone of DDI 55', () => {
  it('masks while typing as (99) 99999-9999, (99) 9999-9999 for 10 digits, at most 11 digits', () => {
    expect(formatPhoneBr('')).toBe('');
    expect(formatPhoneBr('1')).toBe('(1');
    expect(formatPhoneBr('119')).toBe('(11) 9');
    expect(formatPhoneBr('119876')).toBe('(11) 9876');
    expect(formatPhoneBr('1133334444')).toBe('(11) 3333-4444');
    expect(formatPhoneBr('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhoneBr('(11) 98765-43219999')).toBe('(11) 98765-4321');
    expect(formatPhoneBr('+1 415-555')).toBe('+1415555');
  });

  it('stores digits; other countries keep the + and free digits', () => {
    expect(normalizePhone('(11) 98765-4321')).toBe('11987654321');
    expect(normalizePhone('+55 (11) 98765-4321')).toBe('11987654321');
    expect(normalizePhone('+1 415 555 0100')).toBe('+14155550100');
    expect(isValidPhone('')).toBe(true);
    expect(isValidPhone('1133334444')).toBe(true);
    expect(isValidPhone('119876')).toBe(false);
    expect(isValidPhone('119876543210')).toBe(false);
  });

  it('is validated and normalised by the company schema', () => {
    const parsed = ZUpdateCompanyInput.parse({ responsibles: [{ nome: 'Ana', celular: '(11) 98765-4321' }] });
    expect(parsed.responsibles?.[0]).toEqual({
      nome: 'Ana',
      email: '',
      celular: '11987654321',
      titulo: '',
      telefone: '',
    });
  });
});

describe('company status', () => {
  it('inactivation needs a real date DD/MM/YYYY', () => {
    const msg = (v: unknown) => ZCompanyStatusInput.safeParse(v).error?.issues[0]?.message;
    expect(msg({ status_id: 2 })).toBe('Favor informar uma data de inativação.');
    expect(msg({ status_id: 2, inactive_since_change: '2026-03-01' })).toBe(
      'Favor informar uma data de inativação.',
    );
    expect(msg({ status_id: 2, inactive_since_change: '01/03/2026' })).toBeUndefined();
    expect(msg({ status_id: 1 })).toBeUndefined();
  });
});

describe('contract rules', () => {
  const base = { start_date: '01/01/2026', number_value: 0 };
  const msg = (v: unknown) => ZContractInput.safeParse(v).error?.issues[0]?.message;
  it('accepts ranges that touch but do not overlap, in any order', () => {
    const rules = [
      { start_limit: 11, end_limit: 20, value: 40 },
      { start_limit: 1, end_limit: 10, value: 50 },
    ];
    expect(msg({ ...base, rules })).toBeUndefined();
  });
  it('refuses overlapping ranges', () => {
    const rules = [
      { start_limit: 1, end_limit: 10, value: 50 },
      { start_limit: 5, end_limit: 20, value: 40 },
    ];
    expect(msg({ ...base, rules })).toBe('As faixas de usuários não podem se sobrepor.');
  });
});
