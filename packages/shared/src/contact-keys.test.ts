import { describe, expect, it } from 'vitest';
import { channelKey, phoneKey } from './contact-keys';

describe('contact keys', () => {
  it('gives a phone its country code and a Brazilian mobile its ninth digit', () => {
    expect(phoneKey('(11) 98765-4321')).toBe('5511987654321');
    expect(phoneKey('+55 11 98765-4321')).toBe('5511987654321');
    expect(phoneKey('551187654321')).toBe('5511987654321');
    // A landline (first digit 2–5) keeps its 8 digits.
    expect(phoneKey('551132654321')).toBe('551132654321');
    expect(phoneKey('14155550100')).toBe('5514155550100');
    expect(phoneKey('1234')).toBeNull();
  });

  it('keys e-mails lowercased and refuses what is not one', () => {
    expect(channelKey('em', ' Ana@Exemplo.com.br ')).toBe('ana@exemplo.com.br');
    expect(channelKey('web', 'ana')).toBeNull();
    expect(channelKey('waent', '11 98765-4321')).toBe('5511987654321');
    expect(channelKey('fa', ' 123456 ')).toBe('123456');
  });
});
