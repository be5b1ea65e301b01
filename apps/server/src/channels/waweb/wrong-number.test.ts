import { describe, expect, it } from 'vitest';
import { samePhone } from './wrong-number';

describe('whether the phone that paired is the number typed in the form', () => {
  it('matches the same digits, whatever the typing', () => {
    expect(samePhone('5511988880000', '5511988880000')).toBe(true);
    expect(samePhone('+55 (11) 98888-0000', '5511988880000')).toBe(true);
    expect(samePhone('14155550100', '14155550100')).toBe(true);
  });

  it('matches a Brazilian mobile with or without its 9th digit, and without the country code', () => {
    expect(samePhone('551188880000', '5511988880000')).toBe(true);
    expect(samePhone('5511988880000', '551188880000')).toBe(true);
    expect(samePhone('11988880000', '5511988880000')).toBe(true);
    expect(samePhone('1188880000', '5511988880000')).toBe(true);
  });

  it('tells another number apart', () => {
    expect(samePhone('5511988880001', '5511988880000')).toBe(false);
    expect(samePhone('5521988880000', '5511988880000')).toBe(false);
    expect(samePhone('551188880001', '5511988880000')).toBe(false);
    // A 9 elsewhere is not the 9th digit.
    expect(samePhone('5511888880000', '551188880000')).toBe(false);
  });
});
