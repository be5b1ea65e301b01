import { describe, expect, it } from 'vitest';
import { applyMask, caretAfter, isDigitMask, pickMask, significantChars, slotCount } from './masks';

const PHONE = '(99) 99999-9999';

describe('applyMask', () => {
  it('formats a mobile phone as it is typed', () => {
    expect(applyMask(PHONE, '1')).toBe('(1');
    expect(applyMask(PHONE, '11')).toBe('(11');
    expect(applyMask(PHONE, '119')).toBe('(11) 9');
    expect(applyMask(PHONE, '11987654321')).toBe('(11) 98765-4321');
  });

  it('reformats pasted or already formatted text and drops extra characters', () => {
    expect(applyMask(PHONE, '(11) 98765-4321')).toBe('(11) 98765-4321');
    expect(applyMask(PHONE, '+ 11 98765 4321 999')).toBe('(11) 98765-4321');
    expect(applyMask(PHONE, 'ab11cd9')).toBe('(11) 9');
  });

  it('never leaves a trailing literal, so backspace is not stuck', () => {
    expect(applyMask(PHONE, '(11) ')).toBe('(11');
    expect(applyMask(PHONE, '(11) 98765-')).toBe('(11) 98765');
    expect(applyMask(PHONE, '(')).toBe('');
    expect(applyMask(PHONE, '')).toBe('');
  });

  it('handles CPF, CEP and letter slots', () => {
    expect(applyMask('999.999.999-99', '12345678901')).toBe('123.456.789-01');
    expect(applyMask('99999-999', '01310100')).toBe('01310-100');
    expect(applyMask('AAA-9999', 'abc1234')).toBe('abc-1234');
    expect(applyMask('AAA-9999', '1abc2')).toBe('abc-2');
  });

  it('keeps alphanumeric literals idempotent', () => {
    expect(applyMask('BR-999', '123')).toBe('BR-123');
    expect(applyMask('BR-999', 'BR-123')).toBe('BR-123');
  });

  it('chooses between alternatives by length', () => {
    const both = '(99) 9999-9999|(99) 99999-9999';
    expect(applyMask(both, '1133334444')).toBe('(11) 3333-4444');
    expect(applyMask(both, '11987654321')).toBe('(11) 98765-4321');
    expect(pickMask(both, '119')).toBe('(99) 9999-9999');
    expect(pickMask(both, '119876543210')).toBe('(99) 99999-9999');
  });

  it('leaves the value alone without a usable mask', () => {
    expect(applyMask('', 'abc')).toBe('abc');
    expect(applyMask('---', 'abc')).toBe('abc');
  });
});

describe('mask helpers', () => {
  it('counts slots and significant characters', () => {
    expect(slotCount(PHONE)).toBe(11);
    expect(significantChars('(11) 9a-')).toBe('119a');
  });

  it('knows digit-only masks', () => {
    expect(isDigitMask(PHONE)).toBe(true);
    expect(isDigitMask('AAA-9999')).toBe(false);
    expect(isDigitMask('---')).toBe(false);
  });

  it('puts the caret after the same number of typed characters', () => {
    expect(caretAfter('(11) 98765-4321', 3)).toBe(6);
    expect(caretAfter('(11) 98765-4321', 2)).toBe(3);
    expect(caretAfter('(11) 98765-4321', 0)).toBe(1);
    expect(caretAfter('(11', 5)).toBe(3);
    expect(caretAfter('', 0)).toBe(0);
  });
});
