import { describe, expect, it } from 'vitest';
import { formatCnpj, formatCpf, isValidCnpj, isValidCpf, isValidEmail } from './documents';

describe('CPF', () => {
  it('accepts numbers with valid check digits, with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
  });
  it('refuses wrong check digits, repeated digits and wrong lengths', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.444.777-53')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('000.000.000-00')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });
  it('formats 11 digits', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });
});

describe('CNPJ', () => {
  it('accepts numbers with valid check digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11444777000161')).toBe(true);
  });
  it('refuses wrong check digits, repeated digits and wrong lengths', () => {
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('11.444.777/0001-16')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
    expect(isValidCnpj('22222222222222')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
  });
  it('formats 14 digits', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });
});

describe('e-mail', () => {
  it('accepts common addresses', () => {
    expect(isValidEmail('ana.silva@empresa.com.br')).toBe(true);
    expect(isValidEmail('contato+loja@sub.dominio.com')).toBe(true);
  });
  it('refuses malformed addresses', () => {
    for (const bad of [
      'ana',
      'ana@',
      '@empresa.com',
      'ana@empresa',
      'ana silva@empresa.com',
      'a..b@x.com',
      '.a@x.com',
    ])
      expect(isValidEmail(bad), bad).toBe(false);
  });
});
