import { describe, expect, it } from 'vitest';
import { maskCnpj, normalizeCnpj, ORGANIZATION_MSG, ZOrganizationInput } from './organizations';

const firstError = (input: unknown) => {
  const r = ZOrganizationInput.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('organization CNPJ check', () => {
  it('accepts valid CNPJs, masked or not, as their 14 digits', () => {
    expect(normalizeCnpj('11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizeCnpj('11444777000161')).toBe('11444777000161');
  });

  it('refuses wrong check digits, repeated digits and wrong lengths', () => {
    expect(normalizeCnpj('11.222.333/0001-80')).toBeNull();
    expect(normalizeCnpj('11111111111111')).toBeNull();
    expect(normalizeCnpj('1122233300018')).toBeNull();
    expect(normalizeCnpj('')).toBeNull();
  });

  it('masks 14 digits as 00.000.000/0000-00', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });
});

describe('organization form', () => {
  it('gives the spec texts for a missing name or CNPJ and the invalid CNPJ text', () => {
    expect(firstError({ name: ' ', cnpj: '11222333000181' })).toBe(ORGANIZATION_MSG.nameRequired);
    expect(firstError({ name: 'Grupo', cnpj: '' })).toBe(ORGANIZATION_MSG.cnpjRequired);
    expect(firstError({ name: 'Grupo' })).toBe(ORGANIZATION_MSG.cnpjRequired);
    expect(firstError({ name: 'Grupo', cnpj: '11.222.333/0001-80' })).toBe(ORGANIZATION_MSG.cnpjInvalid);
    expect(ORGANIZATION_MSG.nameRequired).toBe('O campo Nome é obrigatório');
    expect(ORGANIZATION_MSG.cnpjRequired).toBe('O campo CNPJ é obrigatório');
  });

  it('stores the CNPJ as digits', () => {
    const r = ZOrganizationInput.parse({ name: 'Grupo', cnpj: '11.222.333/0001-81', company_ids: [1] });
    expect(r.cnpj).toBe('11222333000181');
    expect(r.company_ids).toEqual([1]);
  });
});
