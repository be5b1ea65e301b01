import { describe, expect, it } from 'vitest';
import {
  displayCnpj,
  displayCpf,
  displayIsoDate,
  displayPhone,
  personTitle,
  typingCnpj,
  typingCpf,
  typingPhone,
} from './person-format';

describe('contact masks while typing', () => {
  it('masks a CPF as 000.000.000-00, step by step, at most 11 digits', () => {
    expect(typingCpf('529')).toBe('529');
    expect(typingCpf('5299')).toBe('529.9');
    expect(typingCpf('5299822')).toBe('529.982.2');
    expect(typingCpf('52998224725')).toBe('529.982.247-25');
    expect(typingCpf('529.982.247-2599')).toBe('529.982.247-25');
    expect(typingCpf('abc')).toBe('');
  });

  it('masks a CNPJ as 00.000.000/0000-00', () => {
    expect(typingCnpj('11222')).toBe('11.222');
    expect(typingCnpj('112223330001')).toBe('11.222.333/0001');
    expect(typingCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(typingCnpj('11.222.333/0001-8199')).toBe('11.222.333/0001-81');
  });

  it('masks 10 and 11 digit phones and leaves longer (international) numbers as digits', () => {
    expect(typingPhone('')).toBe('');
    expect(typingPhone('11')).toBe('(11');
    expect(typingPhone('119876')).toBe('(11) 9876');
    expect(typingPhone('1133334444')).toBe('(11) 3333-4444');
    expect(typingPhone('11987654321')).toBe('(11) 98765-4321');
    expect(typingPhone('(11) 98765-43210')).toBe('119876543210');
    expect(typingPhone('5511987654321999')).toBe('551198765432199');
  });
});

describe('contact values for reading', () => {
  it('shows phones with the mask, the country code apart, and masked values untouched', () => {
    expect(displayPhone('11987654321')).toBe('(11) 98765-4321');
    expect(displayPhone('1133334444')).toBe('(11) 3333-4444');
    expect(displayPhone('5511987654321')).toBe('+55 (11) 98765-4321');
    expect(displayPhone('14155550123')).toBe('(14) 15555-0123');
    expect(displayPhone('441632960961')).toBe('+441632960961');
    expect(displayPhone('*******5678')).toBe('*******5678');
  });

  it('formats CPF, CNPJ and dates, with a dash when empty', () => {
    expect(displayCpf('52998224725')).toBe('529.982.247-25');
    expect(displayCpf(null)).toBe('—');
    expect(displayCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(displayCnpj('')).toBe('—');
    expect(displayIsoDate('1990-12-31')).toBe('31/12/1990');
    expect(displayIsoDate(null)).toBe('—');
  });

  it('lists the edited name first with the original below', () => {
    expect(personTitle({ name: 'Maria S.', edited_name: 'Maria Souza' })).toEqual({
      main: 'Maria Souza',
      sub: 'Maria S.',
    });
    expect(personTitle({ name: 'Maria', edited_name: null })).toEqual({ main: 'Maria', sub: null });
    expect(personTitle({ name: 'Maria', edited_name: 'Maria' })).toEqual({ main: 'Maria', sub: null });
  });
});
